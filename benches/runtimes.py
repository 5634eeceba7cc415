#!/usr/bin/env python3
"""Times two commands on one input, alternating runs, for benches/compare.sh: prints the
median wall time and the median CPU time (user + system, from the child's rusage) of each, in
microseconds, as `wall_a cpu_a wall_b cpu_b`. CPU time is the steadier of the two when other
work shares the machine. Usage: runtimes.py RUNS INPUT -- CMD_A ... -- CMD_B ..."""
import os
import statistics
import subprocess
import sys
import time


def run(cmd, path):
    with open(path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdin=stdin, stdout=devnull)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{cmd[0]} failed with status {status}")
    return wall * 1e6, (usage.ru_utime + usage.ru_stime) * 1e6


def main():
    runs, path = int(sys.argv[1]), sys.argv[2]
    rest = sys.argv[3:]
    split = [i for i, a in enumerate(rest) if a == "--"]
    a, b = rest[split[0] + 1 : split[1]], rest[split[1] + 1 :]
    times = {"a": [], "b": []}
    for _ in range(runs):
        times["a"].append(run(a, path))
        times["b"].append(run(b, path))
    out = []
    for key in "ab":
        out.append(round(statistics.median(t[0] for t in times[key])))
        out.append(round(statistics.median(t[1] for t in times[key])))
    print(*out)


main()
