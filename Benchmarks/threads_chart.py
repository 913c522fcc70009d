#!/usr/bin/env python3
"""Draws "Many threads, one sequence" as an SVG: one panel per contention workload, throughput
(operations per second, logarithmic) against the number of threads (1 to 64, logarithmic), one
line per implementation.

Usage: python3 threads_chart.py threads.txt [more.txt …] > threads-chart.svg
Input lines: "workload implementation threads ops/s p50 p99 max", as printed by threads.sh
(ThreadsProbe); lines of other shapes, and "n/a" rows, are skipped.
"""
import math
import sys
from xml.sax.saxutils import escape

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
PANEL_W, PANEL_H, COLS, MARGIN = 300, 190, 3, 55


def main():
    points = {}
    for path in sys.argv[1:]:
        for line in open(path):
            parts = line.split()
            if len(parts) != 7:
                continue
            workload, implementation, threads, ops = parts[0], parts[1], int(parts[2]), float(parts[3])
            if ops > 0:
                points.setdefault(workload, {}).setdefault(implementation, []).append((threads, ops))
    workloads = [w for w in WORKLOADS if w[0] in points]
    rows = (len(workloads) + COLS - 1) // COLS
    width, height = COLS * (PANEL_W + MARGIN) + MARGIN, rows * (PANEL_H + 2 * MARGIN) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    x = 20
    for implementation, color in COLORS.items():
        out.append(f'<rect x="{x}" y="12" width="14" height="4" fill="{color}"/><text x="{x + 20}" y="18">{implementation}</text>')
        x += 115
    out.append(f'<text x="{x}" y="18" fill="#444">operations per second against threads, 2 cores, log-log</text>')
    for index, (workload, title) in enumerate(workloads):
        left = MARGIN + (index % COLS) * (PANEL_W + MARGIN)
        top = 40 + MARGIN // 2 + (index // COLS) * (PANEL_H + 2 * MARGIN)
        series = points[workload]
        threads = sorted({t for values in series.values() for t, _ in values})
        values = [v for vs in series.values() for _, v in vs]
        x0, x1 = math.log2(min(threads)), math.log2(max(threads))
        y0, y1 = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
        if y1 == y0:
            y1 += 1

        def px(count):
            return left + (math.log2(count) - x0) / max(x1 - x0, 1e-9) * PANEL_W

        def py(value):
            return top + PANEL_H - (math.log10(value) - y0) / (y1 - y0) * PANEL_H

        out.append(f'<text x="{left}" y="{top - 8}" font-weight="bold">{escape(title)}</text>')
        out.append(f'<rect x="{left}" y="{top}" width="{PANEL_W}" height="{PANEL_H}" fill="none" stroke="#999"/>')
        for decade in range(y0, y1 + 1):
            y = py(10 ** decade)
            label = f"{10 ** decade / 1e6:g} M" if decade >= 6 else f"{10 ** decade / 1e3:g} k"
            out.append(f'<line x1="{left}" x2="{left + PANEL_W}" y1="{y}" y2="{y}" stroke="#eee"/>')
            out.append(f'<text x="{left - 4}" y="{y + 4}" text-anchor="end">{label}</text>')
        for count in threads:
            out.append(f'<text x="{px(count)}" y="{top + PANEL_H + 14}" text-anchor="middle">{count}</text>')
        for implementation, color in COLORS.items():
            line = sorted(series.get(implementation, []))
            if not line:
                continue
            path = " ".join(f"{px(t):.1f},{py(v):.1f}" for t, v in line)
            out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
            for t, v in line:
                out.append(f'<circle cx="{px(t):.1f}" cy="{py(v):.1f}" r="2.5" fill="{color}"/>')
    out.append("</svg>")
    print("\n".join(out))


main()
