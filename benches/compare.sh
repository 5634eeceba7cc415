#!/usr/bin/env bash
# Times `grundy solve` against the reference C++ solutions in benches/cpp on the largest contest
# inputs, on this machine: `bash benches/compare.sh` (needs g++; uses hyperfine when installed,
# else the median of repeated runs). Checks first that both give the same answers.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --bin grundy --example contest_input
bin=target/release/grundy
runs=${RUNS:-20}
# yes: hyperfine can feed the input itself (--input, hyperfine 1.17+); no: an older one;
# none: no hyperfine, time repeated runs here.
hyperfine_input=none
if command -v hyperfine > /dev/null; then
  hyperfine_input=no
  # (Not `| grep -q`: under pipefail an early grep exit can fail the pipe.)
  [[ $(hyperfine --help) == *--input* ]] && hyperfine_input=yes
fi
for game in coins grid dodgeball; do
  g++ -O2 -o "$work/$game-cpp" "benches/cpp/$game.cpp"
  target/release/examples/contest_input "$game" 7 > "$work/$game.in"
  "$bin" solve "$game" < "$work/$game.in" > "$work/$game.rust.out"
  "$work/$game-cpp" < "$work/$game.in" > "$work/$game.cpp.out"
  cmp -s "$work/$game.rust.out" "$work/$game.cpp.out" || { echo "$game: answers differ"; exit 1; }
  size=$(wc -c < "$work/$game.in")
  echo "== $game: $(wc -l < "$work/$game.rust.out") answers agree, input $size bytes"
  if [ "$hyperfine_input" = yes ]; then
    hyperfine -N --warmup 3 --runs "$runs" \
      -n "grundy solve $game" "$bin solve $game" \
      -n "C++ -O2 $game" "$work/$game-cpp" --input "$work/$game.in" 2>&1 | grep -v '^ *$'
  elif [ "$hyperfine_input" = no ]; then
    # hyperfine before 1.17 has no --input: redirect in its shell, whose start-up time it
    # measures and subtracts.
    hyperfine --warmup 3 --runs "$runs" \
      -n "grundy solve $game" "$bin solve $game < $work/$game.in" \
      -n "C++ -O2 $game" "$work/$game-cpp < $work/$game.in" 2>&1 | grep -v '^ *$'
  else
    for who in rust cpp; do
      cmd="$bin solve $game"; [ "$who" = cpp ] && cmd="$work/$game-cpp"
      times=()
      for _ in $(seq "$runs"); do
        s=$(date +%s%N); $cmd < "$work/$game.in" > /dev/null; e=$(date +%s%N)
        times+=($(( (e - s) / 1000 )))
      done
      median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( runs / 2 + 1 ))p")
      echo "  $who: median ${median} µs over $runs runs"
    done
  fi
done
