"""The item analysis chart that `charts.py` has no shape for: signed bars of a correlation in [-1, 1].

Same rules as `charts.py`: plain numbers in, one `<svg>` out as `Markup`, every label XML-escaped,
presentation attributes only (no `style=`), so the pages' CSP needs no 'unsafe-inline'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from markupsafe import Markup

from autograder.service.web.charts import AXIS, BAR, BAR_LOW, FONT, GRID

NO_DATA = "#999"


@dataclass(frozen=True)
class SignedRow:
    label: str
    value: float | None  # in [-1, 1]; None: undefined (drawn as a grey mark)
    flagged: bool  # drawn in the warning colour


def _open(width: int, height: int, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart signed-bars" role="img" width="{width}"'
        f' height="{height}" viewBox="0 0 {width} {height}" aria-label={quoteattr(title)}>'
        f"<title>{escape(title)}</title>"
    )


def signed_bars(
    rows: Sequence[SignedRow], *, title: str, width: int = 640, row_height: int = 22, label_width: int = 300
) -> Markup:
    """Horizontal bars from the zero line: `<rect class="bar">` per row with `data-value`; flagged rows
    in red; an undefined value is a grey tick at zero labelled "undefined"."""
    top, bottom, right = 26, 22, 56
    height = top + bottom + max(len(rows), 1) * row_height
    plot_w = width - label_width - right
    zero = label_width + plot_w / 2
    parts = [_open(width, height, title)]
    parts.append(f'<text x="4" y="16" font-size="13" {FONT} fill="{AXIS}">{escape(title)}</text>')
    for tick in (-1.0, -0.5, 0.0, 0.5, 1.0):
        x = zero + tick * plot_w / 2
        parts.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{height - bottom}"'
            f' stroke="{AXIS if tick == 0 else GRID}"/>'
            f'<text x="{x:.1f}" y="{height - 6}" font-size="10" {FONT} text-anchor="middle"'
            f' fill="{AXIS}">{tick:+.1f}</text>'
        )
    if not rows:
        parts.append(
            f'<text x="{label_width}" y="{top + 15}" font-size="12" {FONT} fill="{AXIS}">no data yet</text>'
        )
    for i, row in enumerate(rows):
        y = top + i * row_height
        parts.append(
            f'<text x="{label_width - 6}" y="{y + row_height * 0.68:.1f}" font-size="11" {FONT}'
            f' text-anchor="end" fill="{AXIS}">{escape(row.label)}</text>'
        )
        if row.value is None:
            parts.append(
                f'<rect class="bar undefined" x="{zero - 1:.1f}" y="{y + 3}" width="2"'
                f' height="{row_height - 6}" fill="{NO_DATA}" data-value="">'
                f"<title>{escape(row.label)}: undefined</title></rect>"
                f'<text x="{zero + 6:.1f}" y="{y + row_height * 0.68:.1f}" font-size="10" {FONT}'
                f' fill="{NO_DATA}">undefined</text>'
            )
            continue
        value = min(max(row.value, -1.0), 1.0)
        w = abs(value) * plot_w / 2
        x = zero if value >= 0 else zero - w
        colour = BAR_LOW if row.flagged else BAR
        text = f"{value:+.2f}"
        parts.append(
            f'<rect class="bar{" flagged" if row.flagged else ""}" x="{x:.1f}" y="{y + 3}" width="{w:.1f}"'
            f' height="{row_height - 6}" fill="{colour}" data-value="{value:.4f}">'
            f"<title>{escape(row.label)}: {text}</title></rect>"
        )
        tx = zero + w + 4 if value >= 0 else zero + 4
        parts.append(
            f'<text x="{tx:.1f}" y="{y + row_height * 0.68:.1f}" font-size="10" {FONT}'
            f' fill="{AXIS}">{text}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
