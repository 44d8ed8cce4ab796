"""The similarity report as files: `similarity.csv` and `similarity.html` (trusted side, hostile text).

Every student string (ids, code, notes) goes through `html.escape`; the page has no script at all
and its only style is the CSS below (embedded in the file, or the service's stylesheet), so a
hostile answer can at most be text on the page. CSV cells that a spreadsheet would run as a formula
(`=`, `+`, `-`, `@`, tab, CR first) are prefixed with `'`.
"""

from __future__ import annotations

import csv
import io
from html import escape
from pathlib import Path

from autograder.similarity.analyse import MAX_UNIT_CHARS, REFERENCE, Match, Report, UnitReport
from autograder.similarity.tokens import Token

CSV_COLUMNS = (
    "exercise",
    "student_a",
    "student_b",
    "similarity",
    "longest_fragment_tokens",
    "shared_fragments",
)
COLOURS = 8  # fragment highlight classes f1..f8, reused in turn
MAX_PAIRS_SHOWN = 50  # per unit, side by side (the CSV has them all)
CSS = """
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: .5em 0 1em; }
td, th { border: 1px solid #ccc; padding: .2em .5em; text-align: left; }
.pair { border: 1px solid #999; margin: 1em 0; padding: .5em; }
.sides { display: flex; gap: 1em; }
.side { flex: 1; min-width: 0; }
pre { background: #f7f7f7; padding: .5em; overflow-x: auto; font-size: 85%; white-space: pre-wrap; }
mark { padding: 0; }
.f1 { background: #ffe08a; } .f2 { background: #b6e3ff; } .f3 { background: #c8f2c2; }
.f4 { background: #ffc9c9; } .f5 { background: #e0cffc; } .f6 { background: #ffd8a8; }
.f7 { background: #c3fae8; } .f8 { background: #eebefa; }
.note { color: #555; }
"""


def _spreadsheet_safe(value: str) -> str:
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def to_csv(report: Report) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for unit in report.units.values():
        for m in [*unit.pairs, *unit.reference]:
            writer.writerow(
                [
                    unit.unit,
                    _spreadsheet_safe(m.a),
                    _spreadsheet_safe(m.b),
                    f"{m.similarity:.4f}",
                    m.longest,
                    len(m.fragments),
                ]
            )
    return buf.getvalue()


def _highlighted(source: str, tokens: list[Token], marks: dict[int, int]) -> str:
    """The source, escaped, with each run of marked tokens (token index -> fragment) in a <mark>."""
    data = source.encode("utf-8", "replace")
    spans = sorted((tokens[i].start, tokens[i].end, frag) for i, frag in marks.items() if i < len(tokens))
    merged: list[list[int]] = []
    for start, end, frag in spans:
        if merged and merged[-1][2] == frag and not data[merged[-1][1] : start].strip(b" \t\r\n()[]{},:;"):
            merged[-1][1] = max(merged[-1][1], end)
        elif not merged or start >= merged[-1][1]:
            merged.append([start, end, frag])
    out, pos = [], 0
    for start, end, frag in merged:
        out.append(escape(data[pos:start].decode("utf-8", "replace")))
        css = f"f{(frag - 1) % COLOURS + 1}"
        out.append(
            f'<mark class="{css}" title="fragment {frag}">'
            f"{escape(data[start:end].decode('utf-8', 'replace'))}</mark>"
        )
        pos = end
    out.append(escape(data[pos:].decode("utf-8", "replace")))
    return "".join(out)


def _marks(m: Match, side: str) -> dict[int, int]:
    marks: dict[int, int] = {}
    for f in m.fragments:
        for start, end in f.a if side == "a" else f.b:
            for i in range(start, end):
                marks.setdefault(i, f.number)
    return marks


def _pair_html(report: Report, unit: UnitReport, m: Match, anchor: str) -> str:
    sides = []
    for side, who in (("a", m.a), ("b", m.b)):
        source = report.sources.get(who, {}).get(unit.unit, "")[:MAX_UNIT_CHARS]  # what was tokenised
        body = _highlighted(source, unit.tokens.get(who, []), _marks(m, side))
        sides.append(f'<div class="side"><h4>{escape(who)}</h4><pre>{body}</pre></div>')
    return (
        f'<div class="pair" id="{anchor}"><h3>{escape(unit.unit)}: {escape(m.a)} and {escape(m.b)}</h3>'
        f"<p>similarity {m.similarity:.2f}, longest shared fragment {m.longest} tokens, "
        f"{len(m.fragments)} shared fragment(s), highlighted in the same colour on both sides</p>"
        f'<div class="sides">{"".join(sides)}</div></div>'
    )


def _table(rows: list[tuple[Match, str]]) -> str:
    head = (
        "<tr><th>#</th><th>student A</th><th>student B</th><th>similarity</th>"
        "<th>longest fragment (tokens)</th><th>fragments</th></tr>"
    )
    body = "".join(
        f"<tr><td>{i + 1}</td><td>{escape(m.a)}</td><td>{escape(m.b)}</td><td>{m.similarity:.2f}</td>"
        f'<td>{m.longest}</td><td><a href="#{anchor}">{len(m.fragments)}</a></td></tr>'
        if anchor
        else f"<tr><td>{i + 1}</td><td>{escape(m.a)}</td><td>{escape(m.b)}</td><td>{m.similarity:.2f}</td>"
        f"<td>{m.longest}</td><td>{len(m.fragments)}</td></tr>"
        for i, (m, anchor) in enumerate(rows)
    )
    return f"<table>{head}{body}</table>"


def unit_html(report: Report, unit: UnitReport, chart: str = "") -> str:
    parts = [
        f'<section id="unit-{escape(unit.unit)}"><h2>{escape(unit.unit)}</h2>',
        f"<p>{len(unit.compared)} answers compared, {len(unit.pairs)} pair(s) at or above "
        f"{report.threshold:.2f}.</p>",
        chart,
    ]
    shown = [(m, f"{unit.unit}-{i + 1}" if i < MAX_PAIRS_SHOWN else "") for i, m in enumerate(unit.pairs)]
    if unit.pairs:
        parts.append(_table(shown))
    if unit.reference:
        parts.append("<h3>Close to the reference solution</h3>")
        parts.append(_table([(m, f"{unit.unit}-ref-{i + 1}") for i, m in enumerate(unit.reference)]))
    if unit.too_short:
        parts.append(
            f'<p class="note">Too short to compare (fewer than {report.min_tokens} tokens of their own): '
            f"{escape(', '.join(unit.too_short))}</p>"
        )
    if unit.truncated:
        who = escape(", ".join(unit.truncated))
        parts.append(f'<p class="note">Very long answers, only the start compared: {who}</p>')
    if unit.starter_only:
        who = escape(", ".join(unit.starter_only))
        parts.append(f'<p class="note">Starter code only (nothing of their own): {who}</p>')
    parts += [_pair_html(report, unit, m, anchor) for m, anchor in shown if anchor]
    parts += [_pair_html(report, unit, m, f"{unit.unit}-ref-{i + 1}") for i, m in enumerate(unit.reference)]
    parts.append("</section>")
    return "".join(parts)


def body_html(report: Report, charts: dict[str, str] | None = None) -> str:
    charts = charts or {}
    intro = (
        "<p>Pairs of students whose answers to one exercise share more normalised code than the "
        f"threshold ({report.threshold:.2f}), most similar first. Names, comments, literals and the "
        "order of definitions are ignored; the release's starter code and the reference solution "
        "are subtracted. <strong>Similarity is evidence to look at, not a verdict</strong>: read both "
        "answers side by side before drawing any conclusion.</p>"
    )
    notes = "".join(
        f"<li>{escape(sid)}: {escape('; '.join(n))}</li>" for sid, n in sorted(report.notes.items())
    )
    parts = [intro]
    if notes:
        parts.append(f'<h2>Not compared</h2><ul class="note">{notes}</ul>')
    parts += [unit_html(report, u, charts.get(u.unit, "")) for u in report.units.values()]
    return "".join(parts)


def page_html(report: Report, charts: dict[str, str] | None = None) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Similarity report</title>'
        f"<style>{CSS}</style></head><body><h1>Similarity report</h1>{body_html(report, charts)}"
        "</body></html>"
    )


def write(report: Report, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "similarity.csv").write_text(to_csv(report), encoding="utf-8")
    (out / "similarity.html").write_text(page_html(report), encoding="utf-8")


__all__ = ["CSS", "REFERENCE", "body_html", "page_html", "to_csv", "write"]
