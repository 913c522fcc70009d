"""Small-multiple line charts as SVG, for the benchmark charts (scaling_chart.py, threads_chart.py):
one panel per curve, both axes logarithmic, one line per implementation."""
import math
from xml.sax.saxutils import escape

PANEL_W, PANEL_H, COLS = 300, 190, 3


def render(panels, points, colors, caption, x_label=lambda x: f"{x:,}", y_label=lambda y: f"{y:,}", margin=50,
           legend_step=120):
    """panels: [(key, title)]; points: {key: {implementation: [(x, y)]}} (x and y above 0);
    colors: {implementation: colour}, in legend order. Returns the SVG text."""
    panels = [p for p in panels if p[0] in points]
    rows = (len(panels) + COLS - 1) // COLS
    width, height = COLS * (PANEL_W + margin) + margin, rows * (PANEL_H + 2 * margin) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    x = 20
    for implementation, color in colors.items():
        out.append(f'<rect x="{x}" y="12" width="14" height="4" fill="{color}"/><text x="{x + 20}" y="18">{implementation}</text>')
        x += legend_step
    out.append(f'<text x="{x}" y="18" fill="#444">{escape(caption)}</text>')
    for index, (key, title) in enumerate(panels):
        left = margin + (index % COLS) * (PANEL_W + margin)
        top = 40 + margin // 2 + (index // COLS) * (PANEL_H + 2 * margin)
        series = points[key]
        xs = sorted({p for values in series.values() for p, _ in values})
        ys = [v for values in series.values() for _, v in values]
        x0, x1 = math.log10(min(xs)), math.log10(max(xs))
        y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
        if y1 == y0:
            y1 += 1

        def px(value):
            return left + (math.log10(value) - x0) / max(x1 - x0, 1e-9) * PANEL_W

        def py(value):
            return top + PANEL_H - (math.log10(value) - y0) / (y1 - y0) * PANEL_H

        out.append(f'<text x="{left}" y="{top - 8}" font-weight="bold">{escape(title)}</text>')
        out.append(f'<rect x="{left}" y="{top}" width="{PANEL_W}" height="{PANEL_H}" fill="none" stroke="#999"/>')
        for decade in range(y0, y1 + 1):
            y = py(10 ** decade)
            out.append(f'<line x1="{left}" x2="{left + PANEL_W}" y1="{y}" y2="{y}" stroke="#eee"/>')
            out.append(f'<text x="{left - 4}" y="{y + 4}" text-anchor="end">{y_label(10 ** decade)}</text>')
        for value in xs:
            out.append(f'<text x="{px(value)}" y="{top + PANEL_H + 14}" text-anchor="middle">{x_label(key, value)}</text>')
        for implementation, color in colors.items():
            line = sorted(series.get(implementation, []))
            if not line:
                continue
            path = " ".join(f"{px(p):.1f},{py(v):.1f}" for p, v in line)
            out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
            for p, v in line:
                out.append(f'<circle cx="{px(p):.1f}" cy="{py(v):.1f}" r="2.5" fill="{color}"/>')
    out.append("</svg>")
    return "\n".join(out)
