"""The similarity report as files: `similarity.csv` and `similarity.html` (trusted side, hostile text).

Every student string (ids, code, notes) goes through `html.escape`; the page's only style is the
CSS below and its only script is `SCRIPT` below (embedded in the file; the service serves both as
files under its strict CSP). The script is a constant that reads the page's own (escaped) text and
`data-` attributes to filter and sort the tables; no student string is ever placed in it, so a
hostile answer can at most be text on the page.

What a TA reads, top to bottom: the pairs that recur across exercises (the case to open first),
then per unit a histogram of every pair's score, the flagged pairs and those close to the reference
solution (rows link to their side-by-side view, and each view links back to its row and to the
recurring pair), and who was not compared and why. CSV cells that a spreadsheet would run as a formula
(`=`, `+`, `-`, `@`, tab, CR first) are prefixed with `'`.
"""

from __future__ import annotations

import csv
import io
from html import escape
from pathlib import Path

from autograder.similarity.analyse import (
    CALIBRATE_FROM,
    CHANNEL_VOCABULARY,
    MAX_UNIT_CHARS,
    OUTLIER_IQR,
    REFERENCE,
    Match,
    RareFeature,
    Report,
    UnitReport,
)
from autograder.similarity.tokens import Token
from autograder.similarity.units import KERNEL_UNIT

CSV_COLUMNS = (
    "exercise",
    "student_a",
    "student_b",
    "similarity",
    "longest_fragment_tokens",
    "shared_fragments",
    "channels",  # what matched: "code", "jaxpr" (the grading run's traces), "wrong values", "kernel IR"
    "raised_by",  # the rarest shared features: "<channel>: <fragment> (k of N)" joined by " | "
)
COLOURS = 8  # fragment highlight classes f1..f8, reused in turn
# Side-by-side views per unit: every flagged pair, up to this many (a class of copies of one
# answer would otherwise make a page of millions of lines; the CSV has them all)
MAX_PAIRS_SHOWN = 2000
HISTOGRAM_WIDTH, HISTOGRAM_HEIGHT = 400, 90
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
.filters { margin: .5em 0 1em; padding: .5em; border: 1px solid #ccc; }
th[data-sort] { cursor: pointer; text-decoration: underline dotted; }
tr.hidden, .pair.hidden { display: none; }
svg.hist rect.bar { fill: #5b8def; } svg.hist line.cut { stroke: #c00; stroke-dasharray: 3 2; }
svg.hist text { font-size: 10px; fill: #444; }
"""
# Filtering and sorting without leaving the page. A constant: it reads only the page's escaped text
# and `data-` attributes, and sets classes (never HTML) on rows and views.
SCRIPT = """
(function () {
  function apply() {
    var who = (document.getElementById('sim-who').value || '').trim().toLowerCase();
    var min = parseFloat(document.getElementById('sim-min').value || '0') || 0;
    document.querySelectorAll('tr[data-score]').forEach(function (row) {
      var names = (row.getAttribute('data-a') + ' ' + row.getAttribute('data-b')).toLowerCase();
      var off = parseFloat(row.getAttribute('data-score')) < min || (who && names.indexOf(who) < 0);
      row.classList.toggle('hidden', off);
      var view = document.getElementById(row.getAttribute('data-view') || '');
      if (view) { view.classList.toggle('hidden', off); }
    });
  }
  function sortBy(th) {
    var table = th.closest('table');
    var col = Array.prototype.indexOf.call(th.parentNode.children, th);
    var numeric = th.getAttribute('data-sort') === 'number';
    var down = th.getAttribute('data-down') !== '1';
    th.setAttribute('data-down', down ? '1' : '0');
    var rows = Array.prototype.slice.call(table.querySelectorAll('tr')).slice(1);
    rows.sort(function (r1, r2) {
      var a = r1.children[col].textContent, b = r2.children[col].textContent;
      var c = numeric ? parseFloat(a) - parseFloat(b) : a.localeCompare(b);
      return down ? -c : c;
    });
    rows.forEach(function (r) { table.appendChild(r); });
  }
  document.addEventListener('DOMContentLoaded', function () {
    var who = document.getElementById('sim-who');
    if (!who) { return; }
    who.addEventListener('input', apply);
    document.getElementById('sim-min').addEventListener('input', apply);
    document.querySelectorAll('th[data-sort]').forEach(function (th) {
      th.addEventListener('click', function () { sortBy(th); });
    });
  });
})();
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
                    " + ".join(m.channels),
                    _spreadsheet_safe(" | ".join(_feature_text(r) for r in m.rare)),
                ]
            )
    return buf.getvalue()


def _feature_text(r: RareFeature) -> str:
    return f"{r.channel}: {r.text} ({r.holders} of {r.students})"


def _rare_html(m: Match) -> str:
    """What raised the pair: its rarest shared features, with how many of the class hold each."""
    if not m.rare:
        return ""
    items = "".join(
        f"<li>{escape(r.channel)}: <code>{escape(r.text)}</code>, held by {r.holders} of {r.students} "
        "students</li>"
        for r in m.rare
    )
    head = '<p class="note">Raised by these rare shared features (rarest first):</p>'
    return f'{head}<ul class="rare">{items}</ul>'


_TEXT_CHANNELS = ("code", "layout", "vocabulary")  # read from the answers' text: always compared


def channels_used(report: Report) -> tuple[str, ...]:
    """The channels this report compared on: code always, the grading run's when it was given."""
    used = list(_TEXT_CHANNELS)
    if any(u.behaviour_students and u.unit != KERNEL_UNIT for u in report.units.values()):
        used += ["jaxpr", "wrong values"]
    if any(u.behaviour_students and u.unit == KERNEL_UNIT for u in report.units.values()):
        used.append("kernel IR")
    return tuple(used)


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


def _pair_html(
    report: Report, unit: UnitReport, m: Match, anchor: str, recurring: set[tuple[str, str]]
) -> str:
    sides = []
    for side, who in (("a", m.a), ("b", m.b)):
        source = report.sources.get(who, {}).get(unit.unit, "")[:MAX_UNIT_CHARS]  # what was tokenised
        body = _highlighted(source, unit.tokens.get(who, []), _marks(m, side))
        sides.append(f'<div class="side"><h4>{escape(who)}</h4><pre>{body}</pre></div>')
    back = f'<a href="#row-{escape(anchor)}">back to the table</a>'
    if (m.a, m.b) in recurring:
        back += f' · <a href="#{escape(_recurring_id(m.a, m.b))}">flagged in other exercises too</a>'
    title = f"{escape(unit.unit)}: {escape(m.a)} and {escape(m.b)}"
    return (
        f'<div class="pair" id="{escape(anchor)}"><h3>{title}</h3>'
        f"<p>similarity {m.similarity:.2f} ({escape(_channels_text(m))}), "
        f"longest shared fragment {m.longest} tokens, "
        f"{len(m.fragments)} shared fragment(s), highlighted in the same colour on both sides · {back}</p>"
        f"{_rare_html(m)}"
        f'<div class="sides">{"".join(sides)}</div></div>'
    )


def _channels_text(m: Match) -> str:
    """Which channels matched, with the code score when the behaviour channel raised the pair."""
    text = "matched on " + " + ".join(m.channels)
    if m.code_similarity is not None:  # a short pair's text score is its words' (short_answers.py)
        alone = "words alone" if m.channels[0] == CHANNEL_VOCABULARY else "code alone"
        text += f"; {alone} {m.code_similarity:.2f}"
    return text


_HEAD = (
    '<tr><th data-sort="number">#</th><th data-sort="text">student A</th><th data-sort="text">student B</th>'
    '<th data-sort="number">similarity</th><th data-sort="text">matched on</th>'
    '<th data-sort="number">longest fragment (tokens)</th>'
    '<th data-sort="number">fragments</th></tr>'
)


def _table(rows: list[tuple[Match, str]]) -> str:
    body = []
    for i, (m, anchor) in enumerate(rows):
        a, b = escape(m.a), escape(m.b)
        attrs = f'data-a="{a}" data-b="{b}" data-score="{m.similarity:.4f}"'
        if anchor:
            attrs += f' id="row-{escape(anchor)}" data-view="{escape(anchor)}"'
            frags = f'<a href="#{escape(anchor)}">{len(m.fragments)} (side by side)</a>'
        else:
            frags = f"{len(m.fragments)} (in the CSV)"
        body.append(
            f"<tr {attrs}><td>{i + 1}</td><td>{a}</td><td>{b}</td><td>{m.similarity:.2f}</td>"
            f"<td>{escape(' + '.join(m.channels))}</td><td>{m.longest}</td><td>{frags}</td></tr>"
        )
    return f"<table>{_HEAD}{''.join(body)}</table>"


def histogram_svg(unit: UnitReport, threshold: float) -> str:
    """Every compared pair's score in HISTOGRAM_BINS bars, the threshold as a dashed line (inline SVG,
    only numbers in it)."""
    bins = len(unit.histogram)
    top = max(unit.histogram, default=0)
    if top == 0:
        return ""
    w, h = HISTOGRAM_WIDTH, HISTOGRAM_HEIGHT
    bar = w / bins
    rects = []
    for i, c in enumerate(unit.histogram):
        if c:
            tall = (h - 25) * (c / top) ** 0.5  # square root: the few high pairs stay visible
            label = f"{i / bins:.2f}-{(i + 1) / bins:.2f}: {c} pair(s)"
            rects.append(
                f'<rect class="bar" x="{i * bar:.1f}" y="{h - 15 - tall:.1f}" width="{bar - 1:.1f}" '
                f'height="{tall:.1f}"><title>{label}</title></rect>'
            )
    x = threshold * w
    return (
        f'<svg class="hist" role="img" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
        f"<title>{escape(unit.unit)}: similarity of every pair compared (heights: square root)</title>"
        f'{"".join(rects)}<line class="cut" x1="{x:.1f}" x2="{x:.1f}" y1="0" y2="{h - 15}"></line>'
        f'<text x="0" y="{h - 2}">0</text><text x="{w - 10}" y="{h - 2}">1</text>'
        f'<text x="{x + 3:.1f}" y="10">threshold {threshold:.2f}</text></svg>'
    )


def _recurring_id(a: str, b: str) -> str:
    return "recurring-" + "-".join(f"{ord(c):x}" for c in f"{a}\x00{b}")[:200]


def recurring_pairs(report: Report) -> list[tuple[tuple[str, str], list[tuple[str, Match, str]]]]:
    """Pairs of students flagged in two or more units, most units first, then highest score: the
    cases to open first. Each with (unit, match, anchor of its side-by-side view or "")."""
    found: dict[tuple[str, str], list[tuple[str, Match, str]]] = {}
    for unit in report.units.values():
        for i, m in enumerate(unit.pairs):
            anchor = f"{unit.unit}-{i + 1}" if i < MAX_PAIRS_SHOWN else ""
            found.setdefault((m.a, m.b), []).append((unit.unit, m, anchor))
    many = [(pair, hits) for pair, hits in found.items() if len(hits) >= 2]
    many.sort(key=lambda p: (-len(p[1]), -max(m.similarity for _, m, _ in p[1]), p[0]))
    return many


def recurring_html(report: Report) -> str:
    many = recurring_pairs(report)
    if not many:
        return '<h2 id="recurring">Pairs flagged in several exercises</h2><p class="note">None.</p>'
    rows = []
    for (a, b), hits in many:
        links = ", ".join(
            f'<a href="#{escape(anchor)}">{escape(unit)} ({m.similarity:.2f})</a>' if anchor else escape(unit)
            for unit, m, anchor in hits
        )
        top = max(m.similarity for _, m, _ in hits)
        rows.append(
            f'<tr id="{escape(_recurring_id(a, b))}" data-a="{escape(a)}" data-b="{escape(b)}" '
            f'data-score="{top:.4f}"><td>{escape(a)}</td><td>{escape(b)}</td><td>{len(hits)}</td>'
            f"<td>{top:.2f}</td><td>{links}</td></tr>"
        )
    return (
        '<h2 id="recurring">Pairs flagged in several exercises</h2>'
        "<p>The same two students flagged in more than one exercise: open these first.</p>"
        '<table><tr><th data-sort="text">student A</th><th data-sort="text">student B</th>'
        '<th data-sort="number">exercises</th><th data-sort="number">highest similarity</th>'
        f"<th>side by side</th></tr>{''.join(rows)}</table>"
    )


FILTERS = (
    '<div class="filters"><label>student <input id="sim-who" type="search" placeholder="id"></label> '
    '<label>similarity at least <input id="sim-min" type="number" min="0" max="1" step="0.05" value="0">'
    '</label> <span class="note">click a column heading to sort</span></div>'
)


def _calibration_note(unit: UnitReport) -> str:
    """How this exercise's scores were calibrated (a threshold means the same in every exercise)."""
    if not unit.baseline and not unit.behaviour_baseline:
        return ""
    text = (
        f"Scores are calibrated against this exercise's pairs: a raw code score of {unit.baseline:.2f}, "
        "which a tenth of its pairs reach (independent answers converging), reads as 0 and identical as 1"
    )
    if unit.behaviour_baseline:
        text += f"; the behaviour score likewise from {unit.behaviour_baseline:.2f}"
    return f'<p class="note">{escape(text)}.</p>'


def unit_html(
    report: Report, unit: UnitReport, chart: str = "", recurring: set[tuple[str, str]] | None = None
) -> str:
    recurring = recurring or set()
    parts = [
        f'<section id="unit-{escape(unit.unit)}"><h2>{escape(unit.unit)}</h2>',
        f"<p>{len(unit.compared)} answers compared, {len(unit.pairs)} pair(s) at or above "
        f"{report.threshold:.2f}.</p>",
        _calibration_note(unit),
        chart or histogram_svg(unit, report.threshold),
    ]
    if unit.behaviour_students and unit.unit == KERNEL_UNIT:
        parts.append(
            f'<p class="note">Kernel builds of {unit.behaviour_students} student(s) compared too '
            "(kernel IR: the instructions of their handlers' own code after the compiler's -O2, "
            "names dropped, weighted by how rare they are in the class).</p>"
        )
    elif unit.behaviour_students:
        parts.append(
            f'<p class="note">Grading-run fingerprints of {unit.behaviour_students} student(s) compared too '
            "(jaxpr: the primitives their traced functions bound, weighted by how rare they are in the "
            "class; "
            "wrong values: the same output of a failed exercise on the same failed sub-checks).</p>"
        )
    shown = [(m, f"{unit.unit}-{i + 1}" if i < MAX_PAIRS_SHOWN else "") for i, m in enumerate(unit.pairs)]
    if unit.pairs:
        parts.append(_table(shown))
    if unit.reference:
        parts.append("<h3>Close to the reference solution</h3>")
        why = (
            "at or above the threshold and well above the rest of the class (upper quartile plus "
            f"{OUTLIER_IQR} interquartile ranges)"
            if len(unit.compared) >= CALIBRATE_FROM
            else f"at or above the threshold (fewer than {CALIBRATE_FROM} answers: no spread to calibrate on)"
        )
        parts.append(f'<p class="note">Listed from {unit.reference_cut:.2f} on: {why}.</p>')
        parts.append(_table([(m, f"{unit.unit}-ref-{i + 1}") for i, m in enumerate(unit.reference)]))
    if unit.too_short:
        answers = len(unit.compared) + len(unit.too_short) + len(unit.starter_only)
        words = (
            " They are paired only by the words no other student uses (a whole comment line, two names, "
            "five comment phrases)."
            if answers >= CALIBRATE_FROM
            else ""
        )
        parts.append(
            f'<p class="note">Too short to compare as code (fewer than {report.min_tokens} tokens of their '
            f"own): {escape(', '.join(unit.too_short))}.{words}</p>"
        )
    if unit.truncated:
        who = escape(", ".join(unit.truncated))
        parts.append(f'<p class="note">Very long answers, only the start compared: {who}</p>')
    if unit.starter_only:
        who = escape(", ".join(unit.starter_only))
        parts.append(f'<p class="note">Starter code only (nothing of their own): {who}</p>')
    parts += [_pair_html(report, unit, m, anchor, recurring) for m, anchor in shown if anchor]
    parts += [
        _pair_html(report, unit, m, f"{unit.unit}-ref-{i + 1}", recurring)
        for i, m in enumerate(unit.reference)
    ]
    parts.append("</section>")
    return "".join(parts)


def body_html(report: Report, charts: dict[str, str] | None = None) -> str:
    charts = charts or {}
    intro = (
        "<p>Pairs of students whose answers to one exercise share more normalised code than the "
        f"threshold ({report.threshold:.2f}), most similar first. Names, comments, literals, the "
        "order of definitions and independent statements, the library an operation is called from, "
        "dead code and single-use helpers are ignored; the release's starter code and the reference "
        "solution are subtracted. Where the grading run's fingerprints are given, a pair's score is the "
        "higher of its code score and its behaviour score, and the column \u201cmatched on\u201d says which "
        "channels matched. <strong>Similarity is evidence to look at, not a verdict</strong>: "
        "read both answers side by side before drawing any conclusion.</p>"
    )
    notes = "".join(
        f"<li>{escape(sid)}: {escape('; '.join(n))}</li>" for sid, n in sorted(report.notes.items())
    )
    recurring = {pair for pair, _ in recurring_pairs(report)}
    used = (
        f'<p id="channels">Channels used: {escape(", ".join(channels_used(report)))}'
        + ("" if channels_used(report)[len(_TEXT_CHANNELS) :] else " (no grading output folder was given)")
        + ". Every shared feature counts by how rare it is in the class: what most students share "
        "weighs little, a fragment only two students share weighs fully.</p>"
    )
    parts = [intro, used, FILTERS, recurring_html(report)]
    if notes:
        parts.append(f'<h2>Not compared</h2><ul class="note">{notes}</ul>')
    parts += [unit_html(report, u, charts.get(u.unit, ""), recurring) for u in report.units.values()]
    return "".join(parts)


def page_html(report: Report, charts: dict[str, str] | None = None) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Similarity report</title>'
        f"<style>{CSS}</style><script>{SCRIPT}</script></head><body><h1>Similarity report</h1>"
        f"{body_html(report, charts)}</body></html>"
    )


def write(report: Report, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "similarity.csv").write_text(to_csv(report), encoding="utf-8")
    (out / "similarity.html").write_text(page_html(report), encoding="utf-8")


__all__ = [
    "CSS",
    "REFERENCE",
    "SCRIPT",
    "body_html",
    "histogram_svg",
    "page_html",
    "recurring_pairs",
    "to_csv",
    "write",
]
