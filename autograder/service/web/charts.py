"""Charts for the TA dashboard, drawn on the server as inline SVG (no JavaScript, no CDN).

Each function takes plain numbers and returns one `<svg>` element as `markupsafe.Markup`: every label
is XML-escaped here, so a template can insert the result as it is. Only presentation attributes
(`fill`, `font-size`, ...) are used, never `style=`, so the page's Content-Security-Policy needs no
`'unsafe-inline'`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from markupsafe import Markup

BAR = "#3b6ea8"
BAR_LOW = "#c0504d"  # pass rates below LOW_RATE
LOW_RATE = 0.5
AXIS = "#444"
GRID = "#ddd"
FONT = 'font-family="sans-serif"'


@dataclass(frozen=True)
class RateRow:
    """One bar of a pass-rate chart: the share (0..1) of attempts that passed the thing named `label`;
    None when no graded attempt has it yet."""

    label: str
    rate: float | None


def histogram_bins(scores: Sequence[float], max_score: float, bins: int) -> list[int]:
    """Counts of `scores` in `bins` equal bins over [0, max_score]; the last bin includes max_score.

    Scores outside the range (which a correct gradebook never holds) are clamped into the end bins,
    so every score is counted exactly once.
    """
    if bins < 1:
        raise ValueError("bins must be >= 1")
    counts = [0] * bins
    if max_score <= 0:
        counts[0] = len(scores)
        return counts
    for score in scores:
        index = math.floor(score / max_score * bins)
        counts[min(max(index, 0), bins - 1)] += 1
    return counts


def _fmt(value: float) -> str:
    return f"{value:g}"


def _svg_open(width: int, height: int, title: str, css_class: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class={quoteattr(css_class)} role="img"'
        f' width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
        f" aria-label={quoteattr(title)}><title>{escape(title)}</title>"
    )


def score_histogram(
    scores: Sequence[float],
    max_score: float,
    *,
    bins: int = 10,
    title: str = "Score distribution",
    width: int = 560,
    height: int = 260,
) -> Markup:
    """A histogram of total scores: one `<rect class="bar">` per bin, x axis in points, y in students."""
    counts = histogram_bins(scores, max_score, bins)
    left, right, top, bottom = 40, 10, 36, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max(counts) if counts else 0
    y_max = max(peak, 1)
    step = max_score / bins if max_score > 0 else 0.0
    bar_w = plot_w / bins
    parts = [_svg_open(width, height, title, "chart histogram")]
    parts.append(
        f'<text x="{left}" y="16" font-size="13" {FONT} fill="{AXIS}">{escape(title)}'
        f" (n={len(scores)})</text>"
    )
    # y grid: at most 5 integer ticks
    tick_every = max(1, math.ceil(y_max / 5))
    for tick in range(0, y_max + 1, tick_every):
        y = top + plot_h - tick / y_max * plot_h
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="{GRID}"/>')
        parts.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" {FONT} text-anchor="end"'
            f' fill="{AXIS}">{tick}</text>'
        )
    for i, count in enumerate(counts):
        lo, hi = i * step, (i + 1) * step
        h = count / y_max * plot_h
        x = left + i * bar_w
        closing = "]" if i == bins - 1 else ")"
        label = f"[{_fmt(lo)}, {_fmt(hi)}{closing}: {count}"
        parts.append(
            f'<rect class="bar" x="{x + 1:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w - 2:.1f}"'
            f' height="{h:.1f}" fill="{BAR}" data-count="{count}"><title>{escape(label)}</title></rect>'
        )
        if count:
            parts.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h - h - 3:.1f}" font-size="10" {FONT}'
                f' text-anchor="middle" fill="{AXIS}">{count}</text>'
            )
    # x axis labels at every other bin edge keep the text readable with 10+ bins
    label_every = 1 if bins <= 10 else 2
    for i in range(0, bins + 1, label_every):
        x = left + i * bar_w
        parts.append(
            f'<text x="{x:.1f}" y="{top + plot_h + 14}" font-size="11" {FONT} text-anchor="middle"'
            f' fill="{AXIS}">{_fmt(i * step)}</text>'
        )
    parts.append(
        f'<line x1="{left}" x2="{left + plot_w}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="{AXIS}"/>'
    )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" font-size="11" {FONT} text-anchor="middle"'
        f' fill="{AXIS}">points (max {_fmt(max_score)})</text>'
    )
    parts.append("</svg>")
    return Markup("".join(parts))


def pass_rate_bars(
    rows: Sequence[RateRow],
    *,
    title: str,
    width: int = 560,
    row_height: int = 22,
    label_width: int = 220,
) -> Markup:
    """Horizontal bars, one `<rect class="bar">` per row, length = pass rate, with the percentage."""
    top, bottom, right = 26, 20, 70
    height = top + bottom + max(len(rows), 1) * row_height
    plot_w = width - label_width - right
    parts = [_svg_open(width, height, title, "chart pass-rates")]
    parts.append(f'<text x="4" y="16" font-size="13" {FONT} fill="{AXIS}">{escape(title)}</text>')
    for pct in (0, 50, 100):
        x = label_width + plot_w * pct / 100
        parts.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{height - bottom}" stroke="{GRID}"/>'
            f'<text x="{x:.1f}" y="{height - 6}" font-size="10" {FONT} text-anchor="middle"'
            f' fill="{AXIS}">{pct}%</text>'
        )
    if not rows:
        parts.append(
            f'<text x="{label_width}" y="{top + 15}" font-size="12" {FONT} fill="{AXIS}">no data yet</text>'
        )
    for i, row in enumerate(rows):
        y = top + i * row_height
        rate = min(max(row.rate, 0.0), 1.0) if row.rate is not None else 0.0
        w = plot_w * rate
        colour = BAR_LOW if row.rate is not None and rate < LOW_RATE else BAR
        text = f"{rate:.0%}" if row.rate is not None else "no data"
        parts.append(
            f'<text x="{label_width - 6}" y="{y + row_height * 0.68:.1f}" font-size="11" {FONT}'
            f' text-anchor="end" fill="{AXIS}">{escape(row.label)}</text>'
        )
        parts.append(
            f'<rect class="bar" x="{label_width}" y="{y + 3}" width="{w:.1f}" height="{row_height - 6}"'
            f' fill="{colour}" data-rate="{rate:.4f}"><title>{escape(row.label)}: {escape(text)}</title>'
            "</rect>"
        )
        parts.append(
            f'<text x="{label_width + w + 4:.1f}" y="{y + row_height * 0.68:.1f}" font-size="10" {FONT}'
            f' fill="{AXIS}">{escape(text)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
