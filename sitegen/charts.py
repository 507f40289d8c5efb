"""HdrHistogram-style percentile charts as static SVG: x is 1/(1-p) on a log scale (50% ... 99.999%), y is latency on a
log scale. Drawn here in Python so the site needs no JavaScript library and works offline."""

import math
from dataclasses import dataclass

from .fmt import esc

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f")
WIDTH, HEIGHT = 720, 340
LEFT, RIGHT, TOP, BOTTOM = 66, 34, 14, 44
X_TICKS = ((0.5, "50%"), (0.9, "90%"), (0.99, "99%"), (0.999, "99.9%"), (0.9999, "99.99%"), (0.99999, "99.999%"))
X_MIN, X_MAX = math.log10(2), 5.0
LEGEND_LIMIT = 24
MIN_MS = 0.001  # a zero latency still needs a place on a log axis


@dataclass
class Series:
    label: str
    points: list  # [(fraction 0..1, ms)]
    color: str = ""


GOLDEN_ANGLE = 137.508  # degrees: consecutive hues land far apart and never on the same value


def color(i: int) -> str:
    """The i-th series' colour: the palette first, then hues spread by the golden angle, so no two series of one
    chart share a colour however many there are."""
    if i < len(PALETTE):
        return PALETTE[i]
    k = i - len(PALETTE)
    hue = (20 + k * GOLDEN_ANGLE) % 360
    lightness = (38, 50, 30)[k % 3]
    return f"hsl({hue:.2f},70%,{lightness}%)"


def _x(fraction: float) -> float:
    nines = math.log10(1 / max(1 - fraction, 1e-9))
    return LEFT + (nines - X_MIN) / (X_MAX - X_MIN) * (WIDTH - LEFT - RIGHT)


def _y_range(series) -> tuple:
    values = [max(ms, MIN_MS) for s in series for _, ms in s.points]
    low, high = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    return low, max(high, low + 1)


def _y(ms: float, low: int, high: int) -> float:
    plot = HEIGHT - TOP - BOTTOM
    return TOP + plot - (math.log10(max(ms, MIN_MS)) - low) / (high - low) * plot


def _ms_label(value: float) -> str:
    if value >= 1000:
        return f"{value / 1000:g} s"
    return f"{value:g} ms"


def _y_ticks(low: int, high: int) -> list:
    ticks = []
    for k in range(low, high + 1):
        ticks.append((10.0**k, True))
        if high - low <= 2 and k < high:
            ticks += [(2 * 10.0**k, False), (5 * 10.0**k, False)]
    return ticks


def percentile_chart(series: list, caption: str) -> str:
    """A <figure> with the SVG chart and its legend; a short note when no series has points in 50%...99.999%."""
    series = [s for s in series if s.points]
    if not series:
        return f'<p class="course-chart-empty">No percentile data to draw for {esc(caption)}.</p>'
    low, high = _y_range(series)
    parts = [
        f'<svg class="course-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{esc(caption)}" '
        f'xmlns="http://www.w3.org/2000/svg" font-size="12">'
    ]
    parts += _axes(low, high)
    for i, s in enumerate(series):
        stroke = s.color or color(i)
        d = " ".join(
            f"{'M' if j == 0 else 'L'}{_x(f):.1f},{_y(ms, low, high):.1f}" for j, (f, ms) in enumerate(s.points)
        )
        width = 2 if len(series) <= 10 else 1.2
        parts.append(
            f'<path class="curve" d="{d}" fill="none" stroke="{stroke}" stroke-width="{width}" '
            f'stroke-linejoin="round"><title>{esc(s.label)}</title></path>'
        )
    parts.append("</svg>")
    legend = ""
    if len(series) <= LEGEND_LIMIT:
        items = "".join(
            f'<span class="course-key"><span class="swatch" style="background:{s.color or color(i)}"></span>'
            f"{esc(s.label)}</span>"
            for i, s in enumerate(series)
        )
        legend = f'<div class="course-legend">{items}</div>'
    # One line of HTML: Markdown leaves a raw block alone only when it has no blank lines.
    return f'<div class="course-figure">{"".join(parts)}<div class="course-caption">{esc(caption)}</div>{legend}</div>'


def _axes(low: int, high: int) -> list:
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    out = ['<g class="axes" stroke="currentColor" stroke-opacity="0.25">']
    for fraction, _ in X_TICKS:
        out.append(f'<line x1="{_x(fraction):.1f}" y1="{TOP}" x2="{_x(fraction):.1f}" y2="{bottom}"/>')
    for value, major in _y_ticks(low, high):
        y = _y(value, low, high)
        dash = "" if major else ' stroke-dasharray="2,3"'
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}"{dash}/>')
    out.append("</g>")
    out.append('<g class="labels" fill="currentColor">')
    for fraction, label in X_TICKS:
        out.append(f'<text x="{_x(fraction):.1f}" y="{bottom + 16}" text-anchor="middle">{label}</text>')
    for value, _ in _y_ticks(low, high):
        out.append(
            f'<text x="{LEFT - 6}" y="{_y(value, low, high) + 4:.1f}" text-anchor="end">{_ms_label(value)}</text>'
        )
    out.append(
        f'<text x="{(LEFT + right) / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle">percentile (1/(1-p), log scale)</text>'
    )
    out.append("</g>")
    return out


@dataclass
class RatePoint:
    rate: float  # target requests/s
    p99_ms: float
    passed: bool


def rate_chart(series: list, caption: str, slo_ms: float | None = None) -> str:
    """p99 by target rate (x linear, y log), one line per saturation search; passing steps are filled dots, failing
    ones hollow; the SLO's p99 limit is a dashed line. `series` is [(label, [RatePoint])]."""
    series = [(label, points) for label, points in series if points]
    if not series:
        return f'<p class="course-chart-empty">No saturation steps to draw for {esc(caption)}.</p>'
    rates = [p.rate for _, points in series for p in points]
    x_low, x_high = 0.0, max(rates) * 1.05 or 1.0
    values = [p.p99_ms for _, points in series for p in points] + ([slo_ms] if slo_ms else [])
    low = math.floor(math.log10(max(min(values), MIN_MS)))
    high = max(math.ceil(math.log10(max(max(values), MIN_MS))), low + 1)

    def x(rate):
        return LEFT + (rate - x_low) / (x_high - x_low) * (WIDTH - LEFT - RIGHT)

    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    parts = [
        f'<svg class="course-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{esc(caption)}" '
        f'xmlns="http://www.w3.org/2000/svg" font-size="12">',
        '<g class="axes" stroke="currentColor" stroke-opacity="0.25">',
    ]
    ticks = _rate_ticks(x_high)
    parts += [f'<line x1="{x(t):.1f}" y1="{TOP}" x2="{x(t):.1f}" y2="{bottom}"/>' for t in ticks]
    parts += [
        f'<line x1="{LEFT}" y1="{_y(v, low, high):.1f}" x2="{right}" y2="{_y(v, low, high):.1f}"/>'
        for v, major in _y_ticks(low, high)
        if major
    ]
    parts.append("</g>")
    if slo_ms:
        y = _y(slo_ms, low, high)
        parts.append(
            f'<line class="slo" x1="{LEFT}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#c62828" '
            f'stroke-dasharray="6,4"><title>SLO: p99 ≤ {slo_ms:g} ms</title></line>'
        )
    for i, (label, points) in enumerate(series):
        stroke = color(i)
        points = sorted(points, key=lambda p: p.rate)
        d = " ".join(
            f"{'M' if j == 0 else 'L'}{x(p.rate):.1f},{_y(p.p99_ms, low, high):.1f}" for j, p in enumerate(points)
        )
        parts.append(
            f'<path class="curve" d="{d}" fill="none" stroke="{stroke}" stroke-width="2"><title>{esc(label)}</title></path>'
        )
        for p in points:
            fill = stroke if p.passed else "none"
            tip = f"{label}: {p.rate:g} rps, p99 {p.p99_ms:g} ms, {'pass' if p.passed else 'fail'}"
            parts.append(
                f'<circle cx="{x(p.rate):.1f}" cy="{_y(p.p99_ms, low, high):.1f}" r="4" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="1.5"><title>{esc(tip)}</title></circle>'
            )
    parts.append('<g class="labels" fill="currentColor">')
    parts += [f'<text x="{x(t):.1f}" y="{bottom + 16}" text-anchor="middle">{t:g}</text>' for t in ticks]
    parts += [
        f'<text x="{LEFT - 6}" y="{_y(v, low, high) + 4:.1f}" text-anchor="end">{_ms_label(v)}</text>'
        for v, _ in _y_ticks(low, high)
    ]
    parts.append(
        f'<text x="{(LEFT + right) / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle">target rate, requests/s '
        f"(filled: step met the SLO; hollow: missed it)</text>"
    )
    parts += ["</g>", "</svg>"]
    items = "".join(
        f'<span class="course-key"><span class="swatch" style="background:{color(i)}"></span>{esc(label)}</span>'
        for i, (label, _) in enumerate(series)
    )
    return (
        f'<div class="course-figure">{"".join(parts)}<div class="course-caption">{esc(caption)}</div>'
        f'<div class="course-legend">{items}</div></div>'
    )


def _rate_ticks(high: float) -> list:
    raw = high / 5
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    return [k * step for k in range(0, int(high // step) + 1)]
