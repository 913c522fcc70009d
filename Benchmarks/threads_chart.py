#!/usr/bin/env python3
"""Draws "Many threads, one sequence" as an SVG: one panel per contention workload, throughput
(operations per second, logarithmic) against the number of threads (1 to 64, logarithmic), one
line per implementation.

Usage: python3 threads_chart.py threads.txt [more.txt …] > threads-chart.svg
Input lines: "workload implementation threads ops/s p50 p99 max", as printed by threads.sh
(ThreadsProbe); lines of other shapes, and "n/a" rows, are skipped.
"""
import sys

from panels import render

WORKLOADS = [
    ("subject-send", "PublishSubject.onNext from every thread"),
    ("relay-accept", "BehaviorRelay.accept from every thread"),
    ("share-replay-churn", "share(replay: 1): subscribe + dispose"),
    ("refcount-churn", "publish().refCount(): subscribe + dispose"),
    ("relay-churn", "BehaviorRelay: subscribe + dispose"),
    ("flatmap-inners", "flatMap: an inner per element"),
    ("observe-on", "observe(on: serial queue) fed by every thread"),
    ("dispose-bag", "DisposeBag.insert from every thread"),
]
COLORS = {
    "OpenRx": "#c2185b",
    "OpenRx-before": "#f48fb1",
    "RxSwift": "#2e7d32",
    "OpenCombine": "#1976d2",
    "floor": "#555555",
}


def main():
    points = {}
    for path in sys.argv[1:]:
        for line in open(path):
            parts = line.split()
            if len(parts) < 7 or line.startswith("#"):
                continue
            workload, implementation, threads, ops = parts[0], parts[1], int(parts[2]), float(parts[3])
            if ops > 0:
                points.setdefault(workload, {}).setdefault(implementation, []).append((threads, ops))
    print(render(
        WORKLOADS, points, COLORS, "operations per second against threads, 2 cores, log-log",
        x_label=lambda _, threads: f"{threads}",
        y_label=lambda value: f"{value / 1e6:g} M" if value >= 1e6 else f"{value / 1e3:g} k",
        margin=55, legend_step=115))


main()
