#!/usr/bin/env bash
# Times `grundy solve` against the reference C++ solutions in benches/cpp on the largest contest
# inputs of every format, on this machine: `bash benches/compare.sh [NAME …]` (needs g++; uses
# hyperfine 1.17+ when installed, else the median of repeated runs). Checks first that both give the
# same answers, and ends with a table of medians and the ratio grundy / C++.
# NAME: coins grid dodgeball, and the curriculum's p2197 cses1730 cses1098 cses1729 abc297g
# cses2207 cf603c cf87c cf2004e p4279 stairs dag wythoff fibnim (default: all of them).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --bin grundy --example contest_input
bin=target/release/grundy
runs=${RUNS:-20}
all=(coins grid dodgeball p2197 cses1730 cses1098 cses1729 abc297g cses2207 cf603c cf87c cf2004e
  p4279 stairs dag wythoff fibnim)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${all[@]}")

# The command line of `grundy solve` and the C++ source (with its -D flag) for a name.
solve_args() {
  case $1 in
    coins | grid | dodgeball | stairs | dag | wythoff | fibnim) echo "$1" ;;
    *) echo "heaps $1" ;;
  esac
}
cpp_build() { # name, output binary
  case $1 in
    p2197 | cses1730 | cses1098 | p4279 | stairs)
      g++ -O2 -D"${1^^}" -o "$2" benches/cpp/xor_cases.cpp ;;
    *) g++ -O2 -o "$2" "benches/cpp/$1.cpp" ;;
  esac
}

# The median wall time of `$@ < input` over $runs runs, in microseconds.
median_us() {
  local input=$1
  shift
  local times=()
  for _ in $(seq "$runs"); do
    local s e
    s=$(date +%s%N)
    "$@" < "$input" > /dev/null
    e=$(date +%s%N)
    times+=($(((e - s) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$((runs / 2 + 1))p"
}

# hyperfine 1.17 and later feed the input themselves (--input); an older one, or none: time
# repeated runs here.
hyperfine_input=no
if command -v hyperfine > /dev/null && [[ $(hyperfine --help) == *--input* ]]; then
  hyperfine_input=yes
fi

summary=()
for name in "${names[@]}"; do
  cpp_build "$name" "$work/$name-cpp"
  target/release/examples/contest_input "$name" 7 > "$work/$name.in"
  read -ra args <<< "$(solve_args "$name")"
  "$bin" solve "${args[@]}" < "$work/$name.in" > "$work/$name.rust.out"
  "$work/$name-cpp" < "$work/$name.in" > "$work/$name.cpp.out"
  cmp -s "$work/$name.rust.out" "$work/$name.cpp.out" || { echo "$name: answers differ"; exit 1; }
  echo "== $name: $(wc -l < "$work/$name.rust.out") answer lines agree, input $(wc -c < "$work/$name.in") bytes"
  if [ "$hyperfine_input" = yes ]; then
    hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/$name.json" \
      -n "grundy solve ${args[*]}" --input "$work/$name.in" "$bin solve ${args[*]}" \
      -n "C++ -O2 $name" "$work/$name-cpp" 2>&1 | grep -v '^ *$'
    # Medians in microseconds, from hyperfine's own export.
    read -r rust cpp < <(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(*(round(x["median"]*1e6) for x in r))' "$work/$name.json")
  else
    rust=$(median_us "$work/$name.in" "$bin" solve "${args[@]}")
    cpp=$(median_us "$work/$name.in" "$work/$name-cpp")
    echo "  grundy: median ${rust} µs, C++: median ${cpp} µs over $runs runs"
  fi
  summary+=("$(printf '%-10s %10s %10s %6s' "$name" "$rust" "$cpp" \
    "$(python3 -c "print(f'{$rust/$cpp:.2f}')")")")
done
echo
printf '%-10s %10s %10s %6s\n' format "grundy µs" "C++ µs" ratio
printf '%s\n' "${summary[@]}"
