#!/bin/sh
# Measures `grundy move` / `grundy analyze` from outside on the positions of issue 15's table
# and the worst found hunting (examples/worst_positions.rs), whole process, with
# /usr/bin/time -v: wall time and peak memory per case, killed after TIMEOUT seconds.
#
#   benches/worst_curriculum.sh [BIN] [TIMEOUT]   (BIN: target/release/grundy, TIMEOUT: 20)
set -eu
bin=${1:-target/release/grundy}
timeout=${2:-20}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo run --quiet --release --example worst_positions -- "$dir/codes" 15
printf '%-28s %-9s %10s %10s  %s\n' case ask wall_s max_rss_kb exit
for file in "$dir"/codes/*; do
    name=$(basename "$file")
    case=${name%.*}
    ask=${name##*.}
    case $ask in
        move) set -- move - ;;
        analyze) set -- analyze - ;;
        line-*) set -- analyze --line "${ask#line-}" - ;;
    esac
    status=0
    timeout "$timeout" /usr/bin/time -v -o "$dir/time" "$bin" "$@" <"$file" >/dev/null 2>"$dir/err" || status=$?
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time" 2>/dev/null | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time" 2>/dev/null)
    if [ "$status" = 124 ]; then wall=">$timeout"; rss="killed"; fi
    printf '%-28s %-9s %10s %10s  %s\n' "$case" "$ask" "${wall:-?}" "${rss:-?}" "$status"
    rm -f "$dir/time"
done
