#!/usr/bin/env bash
# Times `grundy solve` against the reference C++ solutions in benches/cpp on the largest contest
# inputs of every format, on this machine: `bash benches/compare.sh [NAME …]` (needs g++ and
# python3). Checks first that both give the same answers, then times alternating runs
# (benches/runtimes.py) and ends with a table of medians, wall and CPU, and the ratios
# grundy / C++.
# NAME: coins grid dodgeball, and the curriculum's p2197 cses1730 cses1098 cses1729 abc297g
# cses2207 cf603c cf87c cf2004e p4279 stairs dag wythoff fibnim, and the problems p2148 dpk dpl
# cf1194d cf305e cses2208 cf850c agc002e cf388c p8901 p5970 tioj1092 tioj1940 (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --bin grundy --example contest_input
# GRUNDY_BIN: another build of grundy to time in its place (e.g. an older commit's).
bin=${GRUNDY_BIN:-target/release/grundy}
runs=${RUNS:-20}
all=(coins grid dodgeball p2197 cses1730 cses1098 cses1729 abc297g cses2207 cf603c cf87c cf2004e
  p4279 stairs dag wythoff fibnim p2148 dpk dpl cf1194d cf305e cses2208 cf850c agc002e cf388c
  p8901 p5970 tioj1092 tioj1940)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${all[@]}")

# The command line of `grundy solve` and the C++ source (with its -D flag) for a name.
solve_args() {
  case $1 in
    coins | grid | dodgeball | stairs | dag | wythoff | fibnim) echo "$1" ;;
    # Every other name is a problem's id, which `grundy solve` takes alone.
    *) echo "$1" ;;
  esac
}
cpp_build() { # name, output binary
  case $1 in
    p2197 | cses1730 | cses1098 | p4279 | stairs)
      g++ -O2 -D"${1^^}" -o "$2" benches/cpp/xor_cases.cpp ;;
    *) g++ -O2 -o "$2" "benches/cpp/$1.cpp" ;;
  esac
}

summary=()
for name in "${names[@]}"; do
  cpp_build "$name" "$work/$name-cpp"
  target/release/examples/contest_input "$name" 7 > "$work/$name.in"
  read -ra args <<< "$(solve_args "$name")"
  "$bin" solve "${args[@]}" < "$work/$name.in" > "$work/$name.rust.out"
  "$work/$name-cpp" < "$work/$name.in" > "$work/$name.cpp.out"
  cmp -s "$work/$name.rust.out" "$work/$name.cpp.out" || { echo "$name: answers differ"; exit 1; }
  echo "== $name: $(wc -l < "$work/$name.rust.out") answer lines agree, input $(wc -c < "$work/$name.in") bytes"
  # Alternating runs, so a change in the machine's load falls on both alike; CPU time too,
  # the steadier measure when other work shares the machine.
  read -r rust rust_cpu cpp cpp_cpu < <(python3 benches/runtimes.py "$runs" "$work/$name.in" \
    -- "$bin" solve "${args[@]}" -- "$work/$name-cpp")
  echo "  grundy: median ${rust} µs (CPU ${rust_cpu} µs), C++: median ${cpp} µs (CPU ${cpp_cpu} µs), $runs alternating runs"
  summary+=("$(printf '%-10s %10s %10s %6s %10s %10s %6s' "$name" "$rust" "$cpp" \
    "$(python3 -c "print(f'{$rust/$cpp:.2f}')")" "$rust_cpu" "$cpp_cpu" \
    "$(python3 -c "print(f'{$rust_cpu/max($cpp_cpu,1):.2f}')")")")
done
echo
printf '%-10s %10s %10s %6s %10s %10s %6s\n' format "grundy µs" "C++ µs" ratio "CPU µs" "C++ CPU" ratio
printf '%s\n' "${summary[@]}"
