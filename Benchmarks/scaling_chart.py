#!/usr/bin/env python3
"""Draws the scaling curves as an SVG: one panel per curve, CPU instructions per operation against
the size around it, both on logarithmic axes, one line per implementation.

Usage: python3 scaling_chart.py scaling.txt > scaling-chart.svg
scaling.txt: lines "curve implementation size instructions-per-operation", as printed by
scaling.sh (callgrind).
"""
import sys

from panels import render

CURVES = [
    ("fanout", "fan-out: per delivery, N subscribers"),
    ("churn", "subscribe + dispose, N others subscribed"),
    ("afterchurn", "delivery to 100 after N subscribe/dispose"),
    ("depth", "per stage, chain of N filters"),
    ("merge", "flatMap: per element, N live inners"),
    ("combine", "combineLatest of N: per emission"),
    ("zip", "zip of N: per emission"),
    ("replay", "share(replay: 1): subscribe, replay, dispose"),
    ("queued", "re-entrant sends: per delivery, N subscribers"),
]
COLORS = {"floor": "#555555", "OpenRx": "#c2185b", "OpenCombine": "#1976d2"}
# Curves whose smallest size is 0 (drawn at 1 on the logarithmic axis, labelled 0).
ZERO_BASED = {"churn", "afterchurn"}


def main():
    points = {}
    for line in open(sys.argv[1]):
        parts = line.split()
        if len(parts) != 4:
            continue
        curve, implementation, size, value = parts
        points.setdefault(curve, {}).setdefault(implementation, []).append((max(int(size), 1), float(value)))
    print(render(
        CURVES, points, COLORS, "CPU instructions per operation (callgrind), log-log",
        x_label=lambda curve, size: f"{0 if size == 1 and curve in ZERO_BASED else size:,}"))


main()
