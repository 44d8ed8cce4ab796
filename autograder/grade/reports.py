"""Everything `jaxgrade grade` writes for people, rendered from gradebook data (trusted parent).

- `OUT/grades.csv`     one row per student (see `GRADES_COLUMNS`), sorted by student id, scores with
                       two decimals, text cells neutralised against spreadsheet formulas. Byte-identical
                       for identical gradebook contents.
- `OUT/<safe id>/results.json`   Gradescope autograder format (see `results_json`).
- `OUT/<safe id>/feedback.md|.html`  the student's feedback in Simplified Chinese; every string
                       that can carry student-controlled text is escaped (HTML) or shown literally
                       (Markdown: code spans and fenced blocks, so the text reads as it is, unescaped).
                       An exercise that is unanswered, tampered with or did not run gets one line.
- `OUT/report.md`      for the TA: status counts, flags, grader errors, intake notes, where the time went.

Submission status vocabulary (grades.csv `status`, results.json `extra_data.status`):
  ok                          graded; every exercise ran (scores may still be low)
  partial:not_submitted:ch02  one chapter's notebook is missing: its exercises score 0 (same for ch05)
  partial:too_large:ch02      one chapter's notebook was left out for its size: its exercises score 0
  not_submitted               nothing was handed in
  malformed:<reason>          nothing gradable; reasons are listed in intake.py (too_large, not_json,
                              nbformat, unsafe_zip, zip_bomb, symlink, ...)
  tampered                    code replaced a function the grader relies on (an exercise scored 0)
  timeout | crashed | memory   an exercise was stopped (first one in exercise order)
  build_failed                the student's C++ kernel did not compile (a build phase "compile_error")
  grader_error                the grader failed (sandbox, release, disk): no score; graded again next run
  <runner status>             any other non-ok status the runner reports is passed through
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.exercises.base import ExerciseScore
from autograder.grade.gradebook import SubmissionRow
from autograder.grade.run.probe_profile import ExerciseTotal, sum_costs
from autograder.i18n import _, language
from autograder.messages import (
    CHAPTER_TITLE_ZH,
    FEEDBACK_FOOTER_ZH,
    UNSCORED_ZH,
    Status,
    exercise_status_zh,
    message,
    status_zh,
)
from autograder.model import Phase, StudentResult
from autograder.states import SubmissionState

GRADES_COLUMNS = ("student_id", *EXERCISE_IDS, "total", "max_total", "status")

# Exercise statuses whose sub-checks carry nothing to learn: the feedback shows one line, not the list.
ONE_LINE_STATUSES = (
    Status.UNANSWERED, Status.NOT_RUN, Status.NOT_SUBMITTED, Status.MALFORMED, Status.TIMEOUT, Status.CRASHED,
    Status.MEMORY, Status.MALFORMED_OUTPUT, Status.INVALID_OUTPUT, Status.BUILD_FAILED,
)  # fmt: skip
NOTABLE_EXERCISE_STATUSES = (
    Status.TAMPERED, Status.CRASHED, Status.MEMORY, Status.TIMEOUT, Status.BUILD_FAILED,
)  # fmt: skip


def exercise_title_zh(exercise: str) -> str:
    from autograder.exercises import load

    return _(str(load(exercise).EXERCISE.title_zh))


# ---------------------------------------------------------------------------------------------
# Text safety


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


_CELL_BREAK = re.compile(r"[\t\r\n]+")


def neutralize_cell(text: str) -> str:
    """A CSV text cell that no spreadsheet evaluates (OWASP's CSV-injection advice): tabs, CRs and
    newlines inside become one space (a spreadsheet that splits on them would start a new cell, and
    a formula, there), then a cell that started with `=`, `+`, `-`, `@`, tab or CR (or a full-width
    form) gets a `'` in front."""
    flat = _CELL_BREAK.sub(" ", text)
    return "'" + flat if text.startswith(_FORMULA_START) else flat


_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str, limit: int = 200) -> str:
    """For terminals, logs and the TA report: control and bidi characters become `\\xNN`/`\\uNNNN`."""
    out = _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


# What Markdown could interpret inside a line: code, emphasis, HTML, entities, links, strikethrough,
# math; an underscore only where it can open or close emphasis (not inside a word like a_b).
_MD_SPECIAL = re.compile(r"[\\`*<>&\[\]~$]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
_MD_LINE_START = re.compile(r"^\s*(#|[-+=]|\d+[.)])")


def md_literal(text: str) -> str:
    """One line of text shown exactly as it is in Markdown: plain when nothing in it is markup, else a
    code span (no HTML, emphasis, link or entity is interpreted inside one). Line breaks become spaces."""
    text = " ".join(_UNPRINTABLE.sub(" ", line) for line in text.splitlines()) if text else ""
    if not _MD_SPECIAL.search(text) and not _MD_LINE_START.match(text):
        return text
    fence = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith(("`", " ")) or text.endswith(("`", " ")) else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_fenced(text: str) -> str:
    """Multi-line text as a fenced code block: shown as it is, line breaks kept, nothing interpreted."""
    fence = "~" * max(3, max((len(r) for r in re.findall(r"~+", text)), default=0) + 1)
    body = "\n".join(_UNPRINTABLE.sub(" ", line) for line in text.splitlines())
    return f"{fence}\n{body}\n{fence}"


def one_line(s: ExerciseScore) -> bool:
    """Whether the exercise's sub-checks carry nothing to learn (feedback shows its summary only)."""
    if s.status == Status.TAMPERED:  # only when nothing was observed; otherwise what was observed is shown
        return all(t.output_zh.endswith(_(UNSCORED_ZH)) for t in s.tests)
    return s.status in ONE_LINE_STATUSES or s.status.split(":", 1)[0] in ONE_LINE_STATUSES


def format_score(x: float) -> str:
    return f"{x + 0.0:.2f}"  # + 0.0 turns -0.0 into 0.0


# ---------------------------------------------------------------------------------------------
# grades.csv


@dataclass(frozen=True)
class GradeRow:
    """What one grades.csv row is made from."""

    row: SubmissionRow
    result: StudentResult | None  # None unless graded


def grades_csv(rows: Iterable[GradeRow]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    w.writerow(GRADES_COLUMNS)
    for g in sorted(rows, key=lambda g: g.row.student_id):
        w.writerow(grades_cells(g))
    return buf.getvalue()


def grades_cells(g: GradeRow) -> list[str]:
    """One student's grades.csv cells (GRADES_COLUMNS), as text."""
    cells: list[str] = [neutralize_cell(g.row.student_id)]
    if g.result is None:  # grader_error, or not finished
        return [
            *cells,
            *("" for _unused in EXERCISE_IDS),
            "",
            "",
            neutralize_cell(g.row.status or g.row.state),
        ]
    for ex in EXERCISE_IDS:
        s = g.result.scores.get(ex)
        cells.append("" if s is None or s.status == Status.SKIPPED else format_score(s.score))
    return [
        *cells,
        format_score(g.result.total),
        format_score(g.result.max_total),
        neutralize_cell(g.result.status),
    ]


# ---------------------------------------------------------------------------------------------
# results.json (Gradescope)


def results_json(result: StudentResult) -> dict[str, Any]:
    """Gradescope's autograder `results.json`.

    Top level: `score` (number), `execution_time` (int, seconds), `output` (str),
    `output_format` "text", `visibility` "visible", `stdout_visibility` "hidden", `tests` (list),
    `extra_data` (object: max_score, status, release, flags — Gradescope stores it, never shows it;
    the spec has no top-level max_score, so it lives here). Each test: `name` "<exercise>: <sub-check>",
    `score`, `max_score` (numbers), `status` "passed"|"failed", `output` (str, plain text so
    Gradescope escapes it), `output_format` "text", `visibility` "visible", `tags` [exercise, chapter].
    """
    chapter_of = {ex: ch for ch, ids in CHAPTERS.items() for ex in ids}
    tests = []
    for ex in EXERCISE_IDS:
        s = result.scores.get(ex)
        if s is None or s.status == Status.SKIPPED:
            continue
        prefix = ""
        if s.status != "ok":
            prefix = exercise_status_zh(s.status) + _("。")
        if s.summary_zh:
            prefix += s.summary_zh + "\n"
        for t in s.tests:
            tests.append(
                {
                    "name": t.name,
                    "score": round(float(t.score), 4),
                    "max_score": round(float(t.max_score), 4),
                    "status": "passed" if t.passed and t.score >= t.max_score else "failed",
                    "output": (prefix + t.output_zh).strip(),
                    "output_format": "text",
                    "visibility": "visible",
                    "tags": [ex, chapter_of.get(ex, "")],
                }
            )
    output_lines = [_("状态:{status_zh}").format(status_zh=status_zh(result.status)), *result.messages_zh]
    return {
        "score": round(float(result.total), 4),
        "execution_time": int(round(sum(p.duration_s for p in result.phases))),
        "output": "\n".join(output_lines),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
        "extra_data": {
            "max_score": round(float(result.max_total), 4),
            "status": result.status,
            "release": result.release_version,
            "flags": sorted(result.flags),
        },
    }


# ---------------------------------------------------------------------------------------------
# feedback.md / feedback.html


def _exercise_sections(result: StudentResult) -> list[tuple[str, str, ExerciseScore]]:
    out = []
    for ch, ids in CHAPTERS.items():
        for ex in ids:
            s = result.scores.get(ex)
            if s is not None and s.status != Status.SKIPPED:
                out.append((ch, ex, s))
    return out


def _one_line_summary(s: ExerciseScore) -> list[str]:
    """The summary of an exercise shown without its sub-checks: its first line, then notes that add
    something ("尚未作答" already says what "no answer cell found" would)."""
    first, *rest = (s.summary_zh or exercise_status_zh(s.status)).splitlines()
    if s.status == Status.UNANSWERED:
        rest = [line for line in rest if line != message("no_answer")]
    return [first, *rest]


def feedback_md(result: StudentResult) -> str:
    lit = md_literal
    lines = [
        _("# 评分反馈:{lit}").format(lit=lit(result.student_id)),
        "",
        _("- 总分:**{format_score} / {format_score2}**").format(
            format_score=format_score(result.total), format_score2=format_score(result.max_total)
        ),
        _("- 状态:{lit}").format(lit=lit(status_zh(result.status))),
        _("- 作业版本:{lit}").format(lit=lit(result.release_version)),
    ]
    if result.messages_zh:
        lines += ["", _("## 提交说明"), ""]
        lines += [f"- {lit(m)}" for m in result.messages_zh]
    current = None
    for ch, ex, s in _exercise_sections(result):
        if ch != current:
            lines += ["", f"## {_(CHAPTER_TITLE_ZH[ch])}"]
            current = ch
        lines += ["", f"### {lit(exercise_title_zh(ex))}(`{ex}`):{format_score(s.score)} / "
                  f"{format_score(s.max_score)}", ""]  # fmt: skip
        if one_line(s):
            first, *rest = _one_line_summary(s)
            lines.append(lit(first) if s.status == Status.UNANSWERED else
                         f"**{lit(exercise_status_zh(s.status))}**:{lit(first)}")
            if rest:
                lines += ["", md_fenced("\n".join(rest))]
            continue
        if s.status != "ok":
            lines.append(f"**{lit(exercise_status_zh(s.status))}**")
            lines.append("")
        if s.summary_zh:
            first, *rest = s.summary_zh.splitlines()
            lines += [lit(first), ""] + ([md_fenced("\n".join(rest)), ""] if rest else [])
        for t in s.tests:
            mark = _("✅ 通过") if t.passed else _("❌ 未通过")
            points = f"{format_score(t.score)} / {format_score(t.max_score)}"
            lines.append(f"- {mark}({points}):{lit(t.output_zh or '')}")
    lines += ["", "---", "", _(FEEDBACK_FOOTER_ZH), ""]
    return "\n".join(lines)


_HTML_STYLE = (
    "body{font-family:sans-serif;max-width:56em;margin:2em auto;line-height:1.5}"
    "table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em .5em;"
    "vertical-align:top}.pass{color:#1a7f37}.fail{color:#b42318}pre{white-space:pre-wrap;margin:0}"
)


def feedback_html(result: StudentResult) -> str:
    e = html.escape  # quote=True: safe in text and attribute positions alike
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language().replace("_", "-")}"><head><meta charset="utf-8">',  # WCAG 3.1.1
        '<meta http-equiv="Content-Security-Policy" '
        "content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        _("<title>评分反馈:{e}</title><style>{HTML_STYLE}</style></head><body>").format(
            e=e(result.student_id), HTML_STYLE=_HTML_STYLE
        ),
        # focusable, so a keyboard reaches the page inside the attempt pages' sandboxed frame and scrolls it
        '<main tabindex="0">',
        _("<h1>评分反馈:{e}</h1>").format(e=e(result.student_id)),
        _("<p>总分:<strong>{format_score} / {format_score2}</strong><br>").format(
            format_score=format_score(result.total), format_score2=format_score(result.max_total)
        ),
        _("状态:{e}<br>作业版本:{e2}</p>").format(
            e=e(status_zh(result.status)), e2=e(result.release_version)
        ),
    ]
    if result.messages_zh:
        parts.append(_("<h2>提交说明</h2><ul>"))
        parts += [f"<li><pre>{e(m)}</pre></li>" for m in result.messages_zh]
        parts.append("</ul>")
    current = None
    for ch, ex, s in _exercise_sections(result):
        if ch != current:
            parts.append(f"<h2>{e(_(CHAPTER_TITLE_ZH[ch]))}</h2>")
            current = ch
        parts.append(
            f"<h3>{e(exercise_title_zh(ex))}(<code>{e(ex)}</code>):"
            f"{format_score(s.score)} / {format_score(s.max_score)}</h3>"
        )
        if one_line(s):
            text = "\n".join(_one_line_summary(s))
            unanswered = s.status == Status.UNANSWERED
            label = "" if unanswered else f"<strong>{e(exercise_status_zh(s.status))}</strong>:"
            parts.append(f"<p>{label}</p><pre>{e(text)}</pre>" if label else f"<pre>{e(text)}</pre>")
            continue
        if s.status != "ok":
            parts.append(f"<p><strong>{e(exercise_status_zh(s.status))}</strong></p>")
        if s.summary_zh:
            parts.append(f"<pre>{e(s.summary_zh)}</pre>")
        parts.append(_("<table><tr><th>结果</th><th>得分</th><th>检查的性质与观察结果</th></tr>"))
        for t in s.tests:
            cls, mark = ("pass", _("✅ 通过")) if t.passed else ("fail", _("❌ 未通过"))
            parts.append(
                f'<tr><td class="{cls}">{mark}</td>'
                f"<td>{format_score(t.score)} / {format_score(t.max_score)}</td>"
                f"<td><pre>{e(t.output_zh)}</pre></td></tr>"
            )
        parts.append("</table>")
    parts.append(f"<hr><p>{_(FEEDBACK_FOOTER_ZH)}</p>")
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_text(text, encoding="utf-8", newline="")
    os.replace(tmp, path)


def write_student_files(out: Path, safe_id: str, result: StudentResult) -> Path:
    """OUT/<safe_id>/{results.json, feedback.md, feedback.html}; safe_id must come from gradebook.safe_id."""
    if not safe_id or "/" in safe_id or safe_id.startswith((".", "-")) or "\x00" in safe_id:
        raise ValueError(f"unsafe folder name {safe_id!r}")
    folder = out / safe_id
    folder.mkdir(exist_ok=True)
    doc = json.dumps(results_json(result), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    _atomic_write(folder / "results.json", doc)
    _atomic_write(folder / "feedback.md", feedback_md(result))
    _atomic_write(folder / "feedback.html", feedback_html(result))
    return folder


def write_grades_csv(out: Path, rows: Iterable[GradeRow]) -> Path:
    path = out / "grades.csv"
    _atomic_write(path, grades_csv(rows))
    return path


# ---------------------------------------------------------------------------------------------
# TA side: score table (stdout) and report.md


def score_table(rows: Iterable[GradeRow]) -> str:
    short = {ex: ex[:8] for ex in EXERCISE_IDS}
    header = ["student", *short.values(), "total", "status"]
    body = []
    for g in sorted(rows, key=lambda g: g.row.student_id):
        r = g.result
        cells = [printable(g.row.student_id, 24)]
        for ex in EXERCISE_IDS:
            s = r.scores.get(ex) if r else None
            cells.append("-" if s is None or s.status == Status.SKIPPED else f"{s.score:g}")
        cells.append(f"{r.total:g}/{r.max_total:g}" if r else "-")
        cells.append(printable(r.status if r else (g.row.status or g.row.state), 40))
        body.append(cells)
    widths = [max(len(c) for c in col) for col in zip(header, *body, strict=True)]
    fmt = "  ".join(f"{{:{'<' if i == 0 or i == len(header) - 1 else '>'}{w}}}" for i, w in enumerate(widths))
    return "\n".join(fmt.format(*c).rstrip() for c in [header, *body]) + "\n"


def _md_cell(text: str) -> str:
    return (
        printable(text, 120).replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("`", "'")
    )


@dataclass(frozen=True)
class BatchInfo:
    release_version: str
    release_root: str
    isolation: str
    unsafe_no_sandbox: bool
    jobs: int
    exercises: tuple[str, ...]  # empty: all
    graded_now: tuple[str, ...]  # student ids graded in this run
    skipped_unchanged: tuple[str, ...]
    wall_s: float
    ignored_entries: tuple[str, ...] = ()
    executor: str = ""  # where students were graded, e.g. "dask tcp://host:8786, 6 grading slot(s)"


def _phase_key(name: str) -> str:
    return re.sub(r"#\d+$", "", name)


def _status_of(g: GradeRow) -> str:
    """The submission status, or the gradebook state while it has none (e.g. running)."""
    return g.result.status if g.result else (g.row.status or g.row.state)


def _section(title: str, body: list[str]) -> list[str]:
    return ["", f"## {title}", "", *body]


def _summary(info: BatchInfo, n: int) -> list[str]:
    lines = [
        "# jaxgrade batch report",
        "",
        f"- release: `{_md_cell(info.release_version)}` ({_md_cell(info.release_root)})",
        f"- submissions: {n}; graded in this run: {len(info.graded_now)}; "
        f"unchanged and not regraded: {len(info.skipped_unchanged)}",
        f"- isolation: {info.isolation}" + (" — **UNSAFE: student code ran without a sandbox**"
                                            if info.unsafe_no_sandbox else ""),
        f"- jobs: {info.jobs}; wall time of this run: {info.wall_s:.1f} s",
        f"- exercises: {', '.join(info.exercises) if info.exercises else 'all'}",
    ]  # fmt: skip
    if info.executor:
        lines.append(f"- executor: {_md_cell(info.executor)}")
    if info.ignored_entries:
        ignored = ", ".join(_md_cell(x) for x in info.ignored_entries)
        lines.append(f"- ignored entries in SUBMISSIONS: {ignored}")
    return lines


def _status_counts(rows: list[GradeRow]) -> list[str]:
    """How many submissions have each status; every `malformed:<reason>` counts as `malformed`."""
    by_status: dict[str, int] = {}
    for g in rows:
        st = _status_of(g)
        key = st.split(":", 1)[0] if st.startswith("malformed:") else st
        by_status[key] = by_status.get(key, 0) + 1
    table = ["| status | count |", "| --- | ---: |"]
    return _section("Status", table + [f"| {_md_cell(k)} | {v} |" for k, v in sorted(by_status.items())])


def _flags(rows: list[GradeRow]) -> list[str]:
    failed = SubmissionState.GRADER_ERROR
    flagged = [g for g in rows if (g.result and g.result.flags) or g.row.state == failed]
    if not flagged:
        return _section("Flags", ["none"])
    body = ["| student | flags | status |", "| --- | --- | --- |"]
    for g in flagged:
        flags = ", ".join(sorted(g.result.flags if g.result else g.row.flags))
        body.append(f"| {_md_cell(g.row.student_id)} | {flags} | {_md_cell(_status_of(g))} |")
    return _section("Flags", body)


def _grader_errors(rows: list[GradeRow]) -> list[str]:
    title = "Grader errors (not the students' fault; rerun the same command to retry them)"
    errors = [g for g in rows if g.row.state == SubmissionState.GRADER_ERROR]
    if not errors:
        return _section(title, ["none"])
    body = ["| student | error |", "| --- | --- |"]
    body += [f"| {_md_cell(g.row.student_id)} | {_md_cell(g.row.error or '')} |" for g in errors]
    return _section(title, body)


def _not_finished(rows: list[GradeRow]) -> list[str]:
    finished = (SubmissionState.GRADED, SubmissionState.GRADER_ERROR)
    unfinished = [g for g in rows if g.row.state not in finished]
    if not unfinished:
        return []
    body = [f"- {_md_cell(g.row.student_id)}: state {g.row.state}" for g in unfinished]
    return _section("Not finished", body)


def _submission_notes(rows: list[GradeRow]) -> list[str]:
    """The first five notes of every submission that is not `ok`, as the student saw them."""
    body = [
        f"- {_md_cell(g.row.student_id)} ({_md_cell(g.result.status)}): "
        + " / ".join(_md_cell(m) for m in g.result.messages_zh[:5])
        for g in rows
        if g.result and g.result.messages_zh and g.result.status != "ok"
    ]
    return _section("Intake and submission notes (as shown to the student)", body) if body else []


class _PhaseRun(NamedTuple):
    """One recorded phase; compared as a tuple, so the slowest run is `max` (ties: larger id)."""

    duration_s: float
    student_id: str
    outcome: str


def _phase_row(name: str, runs: list[_PhaseRun]) -> str:
    total = sum(r.duration_s for r in runs)
    worst = max(runs)
    outcomes: dict[str, int] = {}
    for r in runs:
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
    oc = ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
    return (f"| {_md_cell(name)} | {len(runs)} | {total:.1f} | {total / len(runs):.2f} | "
            f"{worst.duration_s:.2f} | {_md_cell(worst.student_id)} | {_md_cell(oc)} |")  # fmt: skip


def _time_spent(phases: list[tuple[str, Phase]], profile: tuple[ExerciseTotal, ...] = ()) -> list[str]:
    """Per phase kind (`ch05/child#2` counts as `ch05/child`), slowest first; then the slowest
    students; then, when the children sent them, the probes' profile totals per exercise."""
    title = "Where the time went (phases, as recorded in the gradebook)"
    by_phase: dict[str, list[_PhaseRun]] = {}
    per_student: dict[str, float] = {}
    for sid, p in phases:
        by_phase.setdefault(_phase_key(p.name), []).append(_PhaseRun(p.duration_s, sid, p.outcome))
        per_student[sid] = per_student.get(sid, 0.0) + p.duration_s
    if not by_phase:
        return _section(title, ["no phases recorded", *_probe_profile(list(profile))])
    body = ["| phase | runs | total s | mean s | max s | slowest student | outcomes |",
            "| --- | ---: | ---: | ---: | ---: | --- | --- |"]  # fmt: skip
    slowest_first = sorted(by_phase.items(), key=lambda kv: -sum(r.duration_s for r in kv[1]))
    body += [_phase_row(name, runs) for name, runs in slowest_first]
    body += ["", "Slowest submissions:", ""]
    body += [
        f"- {_md_cell(sid)}: {t:.1f} s"
        for sid, t in sorted(per_student.items(), key=lambda kv: (-kv[1], kv[0]))[:10]
    ]
    body += _probe_profile(list(profile))
    return _section(title, body)


def _probe_profile(totals: list[ExerciseTotal]) -> list[str]:
    """The probes' own profile (grade/run/probe_profile.py), summed per exercise over this batch's
    gradings: where a check's time goes (tracing, lowering, XLA compile, running) and how many
    compilations it caused. Measured in the child, so informational only."""
    if not totals:
        return []
    body = ["", "Inside the probes (per-check profile, summed over the gradings of this run; seconds):", "",
            "| exercise | gradings | wall s | CPU s | trace s | lower s | compile s | run s | compilations |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]  # fmt: skip
    rows = [(f"{t.chapter}/{t.exercise}", t.runs, t.cost) for t in totals]
    rows.append(("total", sum(t.runs for t in totals), sum_costs([t.cost for t in totals])))
    for name, runs, c in rows:
        body.append(f"| {_md_cell(name)} | {runs} | {c.wall_s:.2f} | {c.cpu_s:.2f} | {c.trace_s:.2f} | "
                    f"{c.lower_s:.2f} | {c.compile_s:.2f} | {c.run_s:.2f} | {c.compiles} |")
    return body


def _submissions(rows: list[GradeRow]) -> list[str]:
    body = ["| student | folder | state | status | total | flags |", "| --- | --- | --- | --- | ---: | --- |"]
    for g in rows:
        r = g.result
        total = f"{format_score(r.total)} / {format_score(r.max_total)}" if r else ""
        flags = ", ".join(sorted(r.flags if r else g.row.flags))
        body.append(
            f"| {_md_cell(g.row.student_id)} | {_md_cell(g.row.safe_id)} | {g.row.state} "
            f"| {_md_cell(_status_of(g))} | {total} | {_md_cell(flags)} |"
        )
    return _section("Submissions", body)


def ta_report(info: BatchInfo, rows: list[GradeRow], phases: list[tuple[str, Phase]],
              profile: tuple[ExerciseTotal, ...] = ()) -> str:
    lines = [
        *_summary(info, len(rows)),
        *_status_counts(rows),
        *_flags(rows),
        *_grader_errors(rows),
        *_not_finished(rows),
        *_submission_notes(rows),
        *_time_spent(phases, profile),
        *_submissions(rows),
    ]
    return "\n".join(lines) + "\n"


def write_ta_report(
    out: Path, info: BatchInfo, rows: list[GradeRow], phases: list[tuple[str, Phase]],
    profile: tuple[ExerciseTotal, ...] = (),
) -> Path:
    path = out / "report.md"
    _atomic_write(path, ta_report(info, rows, phases, profile))
    return path
