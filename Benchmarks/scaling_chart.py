#!/usr/bin/env python3
"""Draws the scaling curves as an SVG: one panel per curve, CPU instructions per operation against
the size around it, both on logarithmic axes, one line per implementation.

Usage: python3 scaling_chart.py scaling.txt > scaling-chart.svg
scaling.txt: lines "curve implementation size instructions-per-operation", as printed by
scaling.sh (callgrind).
"""
import math
import sys
from xml.sax.saxutils import escape

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
PANEL_W, PANEL_H, COLS, MARGIN = 300, 190, 3, 50


def main():
    points = {}
    for line in open(sys.argv[1]):
        parts = line.split()
        if len(parts) != 4:
            continue
        curve, implementation, size, value = parts
        points.setdefault(curve, {}).setdefault(implementation, []).append((max(int(size), 1), float(value)))
    curves = [c for c in CURVES if c[0] in points]
    rows = (len(curves) + COLS - 1) // COLS
    width, height = COLS * (PANEL_W + MARGIN) + MARGIN, rows * (PANEL_H + 2 * MARGIN) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    x = 20
    for implementation, color in COLORS.items():
        out.append(f'<rect x="{x}" y="12" width="14" height="4" fill="{color}"/><text x="{x + 20}" y="18">{implementation}</text>')
        x += 120
    out.append(f'<text x="{x}" y="18" fill="#444">CPU instructions per operation (callgrind), log-log</text>')
    for index, (curve, title) in enumerate(curves):
        left = MARGIN + (index % COLS) * (PANEL_W + MARGIN)
        top = 40 + MARGIN // 2 + (index // COLS) * (PANEL_H + 2 * MARGIN)
        series = points[curve]
        sizes = [s for values in series.values() for s, _ in values]
        values = [v for vs in series.values() for _, v in vs]
        x0, x1 = math.log10(min(sizes)), math.log10(max(sizes))
        y0, y1 = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
        if y1 == y0:
            y1 += 1

        def px(size):
            return left + (math.log10(size) - x0) / max(x1 - x0, 1e-9) * PANEL_W

        def py(value):
            return top + PANEL_H - (math.log10(value) - y0) / (y1 - y0) * PANEL_H

        out.append(f'<text x="{left}" y="{top - 8}" font-weight="bold">{escape(title)}</text>')
        out.append(f'<rect x="{left}" y="{top}" width="{PANEL_W}" height="{PANEL_H}" fill="none" stroke="#999"/>')
        for decade in range(y0, y1 + 1):
            y = py(10 ** decade)
            out.append(f'<line x1="{left}" x2="{left + PANEL_W}" y1="{y}" y2="{y}" stroke="#eee"/>')
            out.append(f'<text x="{left - 4}" y="{y + 4}" text-anchor="end">{10 ** decade:,}</text>')
        for size in sorted(set(sizes)):
            label = 0 if size == 1 and curve in ZERO_BASED else size
            out.append(f'<text x="{px(size)}" y="{top + PANEL_H + 14}" text-anchor="middle">{label:,}</text>')
        for implementation, color in COLORS.items():
            line = sorted(series.get(implementation, []))
            if not line:
                continue
            path = " ".join(f"{px(s):.1f},{py(v):.1f}" for s, v in line)
            out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
            for s, v in line:
                out.append(f'<circle cx="{px(s):.1f}" cy="{py(v):.1f}" r="2.5" fill="{color}"/>')
    out.append("</svg>")
    print("\n".join(out))


main()
