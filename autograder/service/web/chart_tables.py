"""Every chart's text alternative (WCAG 1.1.1 and 1.4.1): the chart's data as a table beside it.

The charts (charts.py, item_charts.py) draw each bar with a `<title>label: value</title>` and mark a
bar drawn in the warning colour with the class `flagged` or the low-rate fill; `with_data_table`
reads those back from the chart's own SVG, so the table always says exactly what the chart draws,
and a flag is said in words, not only in colour. The table sits in a closed `<details>` under the
chart (TA pages: English).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from markupsafe import Markup, escape

from autograder.service.web.charts import BAR_LOW

SVG = "{http://www.w3.org/2000/svg}"


def _rows(svg: ET.Element) -> list[tuple[str, str, bool]]:
    rows = []
    for rect in svg.iter(f"{SVG}rect"):
        title = rect.find(f"{SVG}title")
        if title is None or not title.text or "bar" not in rect.get("class", "").split():
            continue
        label, _, value = title.text.rpartition(": ")
        flagged = "flagged" in rect.get("class", "").split() or rect.get("fill") == BAR_LOW
        rows.append((label, value, flagged))
    return rows


def with_data_table(chart: Markup | str) -> Markup:
    """The chart followed by its data as a table ("no data yet" when it has no bars)."""
    svg = ET.fromstring(str(chart))
    caption = svg.findtext(f"{SVG}title") or "Chart data"
    rows = _rows(svg)
    body = (
        "".join(
            f"<tr><th scope=row>{escape(label)}</th><td class=num>{escape(value)}</td>"
            f"<td>{'flagged' if flagged else ''}</td></tr>"
            for label, value, flagged in rows
        )
        or "<tr><td colspan=3>no data yet</td></tr>"
    )
    table = (
        f'<details class="chart-data"><summary>Data of this chart</summary><table>'
        f"<caption>{escape(caption)}</caption>"
        f"<thead><tr><th scope=col>bar</th><th scope=col class=num>value</th><th scope=col>flag</th></tr>"
        f"</thead><tbody>{body}</tbody></table></details>"
    )
    return Markup(str(chart) + table)
