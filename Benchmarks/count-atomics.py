#!/usr/bin/env python3
"""Counts the atomic operations one iteration of a workload executes, by function.

An atomic read-modify-write (a `lock`-prefixed instruction, or `xchg` with memory, which is
locked without the prefix) costs 7.5 ns uncontended on the Intel Xeon VM and 3 to 4 ns on the
AMD EPYC one, while most instructions cost a fraction of a nanosecond: on the paths the
benchmark measures, their count predicts the time better than the instruction count does, and
unlike the time it does not drift with the machine's load. That VM has no hardware counters,
so this runs the workload under callgrind twice (10,000 and 30,000 iterations, so that setup
cancels out), keeps every executed instruction's count, and sums those at addresses where
`objdump` shows an atomic instruction.

Usage (from the repository's root, after `Scripts/bench --bin-path` has built the benchmark):
    Benchmarks/count-atomics.py W8 DIScope
    Benchmarks/count-atomics.py W6 "trace observer" --binary OTHER/discope-bench
The system is matched as `discope-bench --system` matches it (a text its label contains).
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

# An instruction that is atomic: the `lock` prefix, or `xchg` with a memory operand.
ATOMIC = re.compile(r"^\s*([0-9a-f]+):\s+(lock |xchg\s+%\w+,\S*\()")


def atomic_addresses(path):
    """The addresses of the atomic instructions in an executable or shared object."""
    listing = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", path], capture_output=True, text=True, check=True
    ).stdout
    return {int(m.group(1), 16) for m in map(ATOMIC.match, listing.splitlines()) if m}


def executed(path):
    """(object, function, address) -> times executed, from an uncompressed callgrind output.

    A line after `calls=` is the inclusive cost of a call, not an instruction of the function:
    it is skipped.
    """
    counts = collections.Counter()
    obj = fn = None
    after_call = False
    with open(path) as lines:
        for line in lines:
            if line.startswith("ob="):
                obj = line[3:].strip()
            elif line.startswith("fn="):
                fn = line[3:].strip()
            elif line.startswith("calls="):
                after_call = True
            elif line.startswith("0x"):
                if after_call:
                    after_call = False
                    continue
                fields = line.split()
                if len(fields) >= 3:
                    counts[(obj, fn, int(fields[0], 16))] += int(fields[2])
    return counts


def run(binary, workload, system, iterations, out):
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-pos=no",
         "--compress-strings=no", f"--callgrind-out-file={out}", binary, "--only", workload,
         "--system", system, "--rounds", "1", "--iterations", str(iterations)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("workload", help="W1 ... W8")
    parser.add_argument("system", help="a text the system's label contains, e.g. DIScope")
    parser.add_argument("--binary", help="discope-bench to run (default: this checkout's release build)")
    parser.add_argument("--top", type=int, default=12, help="functions to list (default 12)")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = args.binary or os.path.join(
        root, "Benchmarks/.build/x86_64-unknown-linux-gnu/release/discope-bench")
    if not os.path.exists(binary):
        sys.exit(f"count-atomics: no {binary}: build it first (Scripts/bench --bin-path)")

    small, large = 10_000, 30_000
    with tempfile.TemporaryDirectory() as scratch:
        outs = [os.path.join(scratch, f"{n}.out") for n in (small, large)]
        for n, out in zip((small, large), outs):
            run(binary, args.workload, args.system, n, out)
        before, after = executed(outs[0]), executed(outs[1])

    # Each measured sample follows a warm-up of a sixteenth as many iterations (see `Sampler`).
    per_iteration = (large - small) * 17 / 16
    by_function = collections.Counter()
    for obj in {key[0] for key in after if key[0] and os.path.exists(key[0])}:
        atomics = atomic_addresses(obj)
        for (o, fn, address), count in after.items():
            if o == obj and address in atomics:
                by_function[(os.path.basename(obj), fn)] += (count - before[(o, fn, address)]) / per_iteration
    total = sum(by_function.values())
    for (obj, fn), count in by_function.most_common(args.top):
        if count >= 0.05:
            print(f"{count:7.2f}  {obj}  {fn[:110]}")
    print(f"{total:7.2f}  atomic operations per iteration of {args.workload} ({args.system})")


if __name__ == "__main__":
    main()
