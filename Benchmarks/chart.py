#!/usr/bin/env python3
"""Draws the instruction counts as an SVG chart: per workload, each implementation's CPU
instructions per element as a multiple of the plain-Swift floor, on a logarithmic axis.

Usage: python3 chart.py instructions.txt > instructions-chart.svg
instructions.txt: lines "workload-number implementation instructions-per-element", as printed by
instructions.sh (callgrind). Implementations without a number for a workload are left out.
"""
import math
import sys
from xml.sax.saxutils import escape

WORKLOADS = {
    "01": "range → map → filter → map",
    "02": "subject → map → filter → map",
    "03": "subject to 100 subscribers",
    "04": "just.map: subscribe + dispose",
    "05": "50 chained maps",
    "06": "flatMapLatest to just",
    "07": "share(replay: 1) to 10",
    "08": "BehaviorRelay, 1 subscriber",
    "09": "combineLatest of 2 subjects",
}
IMPLEMENTATIONS = [("OpenRx", "#c2185b"), ("OpenCombine", "#1976d2"), ("AsyncSequence", "#f57c00")]

LEFT, TOP, BAR, GAP, WIDTH = 230, 64, 13, 14, 480


def main():
    counts = {}
    for line in open(sys.argv[1]):
        parts = line.split()
        if len(parts) == 3:
            counts.setdefault(parts[0], {})[parts[1]] = float(parts[2])
    rows = [(number, counts[number]) for number in WORKLOADS if number in counts and "floor" in counts[number]]
    largest = max(value / values["floor"] for _, values in rows for value in values.values())
    max_ratio = 10 ** math.ceil(math.log10(max(largest, 10)))
    group = len(IMPLEMENTATIONS) * BAR + GAP
    height = TOP + len(rows) * group + 40

    def x(ratio):
        return LEFT + WIDTH * math.log10(max(ratio, 1.0)) / math.log10(max_ratio)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{LEFT + WIDTH + 90}" height="{height}" '
        'font-family="Helvetica, Arial, sans-serif" font-size="12">',
        f'<rect width="100%" height="100%" fill="white"/>',
        f'<text x="10" y="20" font-size="14" font-weight="bold">CPU instructions per element, '
        'as a multiple of the plain-Swift floor (log scale; shorter is faster)</text>',
    ]
    for index, (name, color) in enumerate(IMPLEMENTATIONS):
        lx = LEFT + index * 150
        out.append(f'<rect x="{lx}" y="32" width="12" height="12" fill="{color}"/>')
        out.append(f'<text x="{lx + 18}" y="43">{escape(name)}</text>')
    ticks = [t for power in range(int(math.log10(max_ratio)) + 1) for t in (10**power, 3 * 10**power)]
    for tick in [t for t in ticks if t <= max_ratio]:
        tx = x(tick)
        out.append(f'<line x1="{tx:.1f}" y1="{TOP - 6}" x2="{tx:.1f}" y2="{height - 34}" stroke="#ddd"/>')
        out.append(f'<text x="{tx:.1f}" y="{height - 20}" text-anchor="middle" fill="#555">{tick}×</text>')
    for row, (number, values) in enumerate(rows):
        top = TOP + row * group
        label = f"{number} {WORKLOADS[number]}"
        out.append(f'<text x="{LEFT - 8}" y="{top + 1.5 * BAR + 4}" text-anchor="end">{escape(label)}</text>')
        for index, (name, color) in enumerate(IMPLEMENTATIONS):
            y = top + index * BAR
            if name not in values:
                out.append(f'<text x="{LEFT + 4}" y="{y + BAR - 3}" fill="#888" font-size="10">{escape(name)}: n/a</text>')
                continue
            ratio = values[name] / values["floor"]
            end = x(ratio)
            out.append(f'<rect x="{LEFT}" y="{y}" width="{max(end - LEFT, 1.5):.1f}" height="{BAR - 2}" fill="{color}"/>')
            out.append(f'<text x="{end + 4:.1f}" y="{y + BAR - 3}" font-size="10">{ratio:.1f}×</text>')
    out.append(f'<line x1="{LEFT}" y1="{TOP - 6}" x2="{LEFT}" y2="{height - 34}" stroke="#333"/>')
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
