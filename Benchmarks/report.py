#!/usr/bin/env python3
"""Turns the benchmark harness's JSON results into one table: a row per workload, a column per
implementation (per element or per subscription), and each one's ratio to the plain-Swift floor.

Usage: python3 report.py results.json [heap.txt [instructions.txt]]
heap.txt: lines "implementation bytes" from HeapProbe (workload 11).
instructions.txt: lines "workload-number implementation instructions-per-element" from
instructions.sh (callgrind).
"""
import json
import re
import sys

UNITS = {"ns": 1e-9, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0, "#": 1, "K": 1e3, "M": 1e6, "G": 1e9}
IMPLEMENTATIONS = ["floor", "OpenRx", "OpenCombine", "AsyncSequence"]
NAME = re.compile(r"^(?P<workload>.+?) \[n=(?P<n>\d+)\] (?P<impl>\S+) - (?P<metric>.+)$")


def load(path):
    rows = {}
    for entry in json.load(open(path)):
        match = NAME.match(entry["name"])
        if not match:
            continue
        value = entry["value"] * UNITS.get(entry["unit"], 1)
        key = (match["workload"], int(match["n"]))
        rows.setdefault(key, {}).setdefault(match["metric"], {})[match["impl"]] = value
    return rows


def cell(value, floor, scale, unit):
    if value is None:
        return "n/a"
    text = f"{value * scale:.1f} {unit}".rstrip()
    # A ratio to a floor of (almost) nothing, such as zero allocations per element, means nothing.
    if floor and floor * scale >= 0.05:
        text += f" ({value / floor:.1f}×)"
    return text


def main():
    rows = load(sys.argv[1])
    if len(sys.argv) > 2:
        heap = {}
        for line in open(sys.argv[2]):
            implementation, value = line.split()
            heap[implementation] = float(value)
        rows[("11 bytes per live subscription, 100,000 alive", 1)] = {"bytes": heap}
    if len(sys.argv) > 3:
        for line in open(sys.argv[3]):
            number, implementation, value = line.split()
            for (workload, n), metrics in rows.items():
                if workload.startswith(number + " "):
                    # Stored per run, like the harness's metrics; the table divides by n.
                    metrics.setdefault("Instructions (callgrind)", {})[implementation] = float(value) * n
    print("| workload | metric | " + " | ".join(IMPLEMENTATIONS) + " |")
    print("|---|---|" + "---|" * len(IMPLEMENTATIONS))
    for (workload, n), metrics in sorted(rows.items()):
        for metric, values in sorted(metrics.items()):
            if metric.startswith("Time"):
                scale, unit, label = 1e9 / n, "ns", "time per element"
            elif metric.startswith("Malloc"):
                scale, unit, label = 1 / n, "", "mallocs per element"
            elif metric.startswith("Instructions"):
                scale, unit, label = 1 / n, "", "instructions per element"
            else:
                scale, unit, label = 1, "", "bytes per subscription" if metric == "bytes" else metric
            floor = values.get("floor")
            cells = [cell(values.get(impl), floor, scale, unit) for impl in IMPLEMENTATIONS]
            print(f"| {workload} | {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
