"""grades.csv, Gradescope results.json, Chinese feedback and the TA report."""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import json
import math
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from autograder import messages
from autograder.exercises import EXERCISE_IDS
from autograder.exercises.base import ExerciseScore
from autograder.grade import reports
from autograder.messages import Status, message
from autograder.model import Phase, StudentResult

from helpers.report_rows import grow, result, row

XSS = "<script>alert(1)</script><img src=x onerror=alert(2)>"


def parse_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


# ----------------------------------------------------------------------------------------- grades.csv


@pytest.mark.parametrize(
    "hostile",
    ['=HYPERLINK("http://x","y")', "+1+1", "-2", "@SUM(A1)", "\tcmd", "\rcmd", "＝1+1", "=cmd|' /C calc'!A0"],
)
def test_formula_cells_are_neutralised(hostile: str) -> None:
    text = reports.grades_csv([grow(hostile), grow("normal")])
    rows = parse_csv(text)
    ids = [r[0] for r in rows[1:]]
    assert "'" + hostile.replace("\t", " ").replace("\r", " ") in ids
    assert "normal" in ids
    for r in rows[1:]:
        assert not r[0].startswith(("=", "+", "-", "@", "\t", "\r", "＝"))


def test_neutralize_cell_leaves_safe_text_alone() -> None:
    assert reports.neutralize_cell("s123") == "s123"
    assert reports.neutralize_cell("李雷") == "李雷"
    assert reports.neutralize_cell("a=b") == "a=b"
    assert reports.neutralize_cell("-x") == "'-x"


def test_grades_csv_columns_sorting_and_determinism() -> None:
    rows = [
        grow("s2"),
        grow("s10"),
        grow("a1", skipped=("fusion",)),
        reports.GradeRow(row("s3", state="grader_error", status="grader_error", error="boom"), None),
    ]
    text = reports.grades_csv(rows)
    assert text == reports.grades_csv(list(reversed(rows)))  # same bytes whatever the order
    parsed = parse_csv(text)
    assert parsed[0] == [
        "student_id",
        "histogram",
        "recompile",
        "fusion",
        "safe_distance",
        "reduce_sum_rules",
        "gammaln_callback",
        "silu_ffi",
        "ffi_lowering",
        "total",
        "max_total",
        "status",
    ]
    assert [r[0] for r in parsed[1:]] == ["a1", "s10", "s2", "s3"]
    a1 = dict(zip(parsed[0], parsed[1], strict=True))
    assert a1["fusion"] == "" and a1["histogram"] == "7.50"
    assert a1["total"] == "52.50" and a1["max_total"] == "70.00" and a1["status"] == "ok"
    s3 = dict(zip(parsed[0], parsed[4], strict=True))
    assert s3["status"] == "grader_error" and s3["total"] == ""
    assert "\r" not in text and text.endswith("\n")
    for r in parsed[2:4]:
        for cell in r[1:11]:
            float(cell)  # decimal numbers


# ----------------------------------------------------------------------------------------- results.json

TOP_KEYS = {
    "score",
    "execution_time",
    "output",
    "output_format",
    "test_output_format",
    "test_name_format",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
}
TEST_KEYS = {
    "score",
    "max_score",
    "status",
    "name",
    "name_format",
    "number",
    "output",
    "output_format",
    "tags",
    "visibility",
    "extra_data",
}
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}


def is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def validate_gradescope(doc: dict) -> None:
    """Field types of Gradescope's autograder results.json (gradescope-autograders.readthedocs.io/specs)."""
    assert set(doc) <= TOP_KEYS, set(doc) - TOP_KEYS
    assert "score" in doc or all("score" in t for t in doc.get("tests", []))
    if "score" in doc:
        assert is_number(doc["score"])
    if "execution_time" in doc:
        assert isinstance(doc["execution_time"], int) and doc["execution_time"] >= 0
    for key in ("output",):
        if key in doc:
            assert isinstance(doc[key], str)
    for key in ("output_format", "test_output_format"):
        if key in doc:
            assert doc[key] in FORMATS
    for key in ("visibility", "stdout_visibility"):
        if key in doc:
            assert doc[key] in VISIBILITY
    if "extra_data" in doc:
        assert isinstance(doc["extra_data"], dict)
    assert isinstance(doc.get("tests", []), list)
    for t in doc.get("tests", []):
        assert isinstance(t, dict) and set(t) <= TEST_KEYS, set(t) - TEST_KEYS
        for k in ("score", "max_score"):
            if k in t:
                assert is_number(t[k])
        if "status" in t:
            assert t["status"] in ("passed", "failed")
        for k in ("name", "output"):
            if k in t:
                assert isinstance(t[k], str)
        if "output_format" in t:
            assert t["output_format"] in FORMATS
        if "visibility" in t:
            assert t["visibility"] in VISIBILITY
        if "tags" in t:
            assert isinstance(t["tags"], list) and all(isinstance(x, str) for x in t["tags"])
        if "number" in t:
            assert isinstance(t["number"], str)
    json.dumps(doc, allow_nan=False)


def test_results_json_follows_gradescope_format() -> None:
    r = result("s1", messages=("找到 2 个第 5 章的笔记本",), skipped=("silu_ffi",))
    doc = reports.results_json(r)
    validate_gradescope(doc)
    assert doc["score"] == pytest.approx(r.total)
    assert doc["execution_time"] == 33
    names = [t["name"] for t in doc["tests"]]
    assert "histogram: value" in names and "histogram: grad" in names
    assert not any(n.startswith("silu_ffi:") for n in names)  # skipped exercise has no tests
    assert all(": " in n and n.split(": ")[0] in EXERCISE_IDS for n in names)
    grad = next(t for t in doc["tests"] if t["name"] == "histogram: grad")
    assert grad["status"] == "failed" and grad["score"] == 0 and grad["max_score"] == 2.5
    assert "梯度:未通过" in grad["output"]
    assert doc["extra_data"]["max_score"] == pytest.approx(r.max_total)
    assert "找到 2 个第 5 章的笔记本" in doc["output"]


def test_results_json_of_a_failed_exercise_explains_why() -> None:
    r = result("s1")
    ex = r.scores["silu_ffi"]
    scores = {
        **r.scores,
        "silu_ffi": ExerciseScore("silu_ffi", 0.0, 10.0, ex.tests, "timeout", "运行超过 120 秒"),
    }
    doc = reports.results_json(StudentResult("s1", "h", "v", scores, "timeout", r.phases))
    validate_gradescope(doc)
    t = next(t for t in doc["tests"] if t["name"] == "silu_ffi: value")
    assert "超时" in t["output"] and "120 秒" in t["output"]


def test_validator_catches_bad_documents() -> None:
    with pytest.raises(AssertionError):
        validate_gradescope({"score": "10"})
    with pytest.raises(AssertionError):
        validate_gradescope({"score": 1.0, "tests": [{"name": "x", "status": "ok"}]})
    with pytest.raises(AssertionError):
        validate_gradescope({"score": 1.0, "tests": [{"name": "x", "visibility": "public"}]})


# ----------------------------------------------------------------------------------------- feedback

ALLOWED_TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "main",  # the page's focusable content: a keyboard scrolls it in the attempt pages' frame
    "style",
    "body",
    "h1",
    "h2",
    "h3",
    "p",
    "br",
    "strong",
    "ul",
    "li",
    "pre",
    "table",
    "tr",
    "th",
    "td",
    "code",
    "hr",
}


class TagCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))


def test_feedback_html_escapes_everything_from_students(tmp_path: Path) -> None:
    r = result(XSS + "\"'&", output=XSS, messages=(f"笔记本 {XSS}.ipynb 不是合法的 JSON",))
    page = reports.feedback_html(r)
    parser = TagCollector()
    parser.feed(page)
    assert {t for t, _ in parser.tags} <= ALLOWED_TAGS
    assert not any(k.lower().startswith("on") for _, attrs in parser.tags for k, _ in attrs)
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "总分" in page and "通过" in page and "未通过" in page and 'lang="zh-CN"' in page
    assert "Content-Security-Policy" in page


def rendered_md(text: str) -> str:
    """feedback.md as a CommonMark renderer with raw HTML enabled turns it into HTML."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).render(text)


def test_feedback_markdown_has_no_raw_html_and_is_chinese() -> None:
    r = result(XSS, output=XSS + "\n第二行 <b>x</b>", messages=("提交说明 <i>x</i>",))
    text = reports.feedback_md(r)
    parser = TagCollector()
    parser.feed(rendered_md(text))
    assert {t for t, _ in parser.tags} <= ALLOWED_TAGS, {t for t, _ in parser.tags}
    assert not any(k.lower().startswith("on") for _, attrs in parser.tags for k, _ in attrs)
    assert "总分:**60.00 / 80.00**" in text
    assert "✅ 通过" in text and "❌ 未通过" in text
    assert "第 5 章" in text and "作业版本" in text


def test_feedback_markdown_shows_text_as_it_is() -> None:
    """No HTML entities in the file: a type name or an error reads exactly as Python printed it."""
    r = result("s1", output="返回的是 <class 'NoneType'> & 其他;`x`*y*_z_")
    text = reports.feedback_md(r)
    assert "<class 'NoneType'> & 其他;`x`*y*_z_" in text and "&lt;" not in text and "&amp;" not in text
    page = rendered_md(text)
    assert "&lt;class 'NoneType'&gt; &amp; 其他;`x`*y*_z_" in page  # literal in the rendered page too
    assert "<em>" not in page


def unanswered_result() -> StudentResult:
    from autograder.exercises import load
    from autograder.exercises.base import score_outcomes, unanswered

    base = result("s1")
    ex = load("safe_distance").EXERCISE
    score = score_outcomes(ex, unanswered(ex, "没有找到可调用的 safe_pairwise_distance(X, Y)"))
    # the runner adds the no-answer note to an untouched exercise
    score = dataclasses.replace(score, summary_zh=f"{score.summary_zh}\n{message('no_answer')}")
    tampered = score_outcomes(load("fusion").EXERCISE, [], tampered=("jax.jit",))
    return StudentResult("s1", "h", "2026-fall", {**base.scores, "safe_distance": score, "fusion": tampered},
                         "ok", base.phases)


@pytest.mark.parametrize("render", [reports.feedback_md, reports.feedback_html])
def test_unanswered_and_tampered_exercises_get_one_line(render) -> None:
    text = render(unanswered_result())
    section = text.split("safe_distance", 1)[1].split("reduce_sum_rules", 1)[0]
    assert section.count("尚未作答") == 1, section
    assert "NoneType" not in section and "未通过" not in section and "作答单元格" not in section
    fusion = text.split("(`fusion`)" if render is reports.feedback_md else "<code>fusion</code>", 1)[1]
    fusion = fusion.split("safe_distance", 1)[0]
    assert fusion.count("jax.jit") == 1 and "未评分" not in fusion, fusion
    assert "没有得到检查结果" not in fusion


def test_write_student_files(tmp_path: Path) -> None:
    folder = reports.write_student_files(tmp_path, "s1", result("s1"))
    assert sorted(p.name for p in folder.iterdir()) == ["feedback.html", "feedback.md", "results.json"]
    validate_gradescope(json.loads((folder / "results.json").read_text(encoding="utf-8")))
    for bad in ("../x", "a/b", ".x", "-x", ""):
        with pytest.raises(ValueError):
            reports.write_student_files(tmp_path, bad, result("s1"))


# ----------------------------------------------------------------------------------------- TA side


def test_terminal_output_has_no_control_characters() -> None:
    nasty = "s1\x1b[31mRED\x1b]0;title\x07\u202e"
    table = reports.score_table([grow(nasty), grow("s2")])
    assert "\x1b" not in table and "\x07" not in table and "\u202e" not in table
    assert "\\x1b[31mRED" in table
    assert reports.printable("a\nb") == "a\\nb"


def test_ta_report_lists_flags_errors_and_time() -> None:
    rows = [
        grow("s1", flags=("tampered",), status="tampered"),
        grow("s2"),
        reports.GradeRow(
            row("s3", state="grader_error", status="grader_error", error="bwrap: no userns"), None
        ),
        grow("evil|name<b>"),
    ]
    phases = [(g.row.student_id, p) for g in rows if g.result for p in g.result.phases]
    info = reports.BatchInfo(
        "2026-fall", "assignments/2026-fall", "none", True, 4, (), ("s1", "s2"), ("evil",), 12.0
    )
    text = reports.ta_report(info, rows, phases)
    assert "UNSAFE" in text
    assert "| s1 | tampered | tampered |" in text
    assert "bwrap: no userns" in text
    assert "| ch05/child | 6 |" in text  # child#1 and child#2 aggregated over 3 graded students
    assert "evil\\|name&lt;b&gt;" in text
    assert "grader_error 1" not in text  # statuses are counted in the Status table
    assert "| grader_error | 1 |" in text


TA_SECTIONS = (
    "## Status",
    "## Flags",
    "## Grader errors (not the students' fault; rerun the same command to retry them)",
    "## Not finished",
    "## Intake and submission notes (as shown to the student)",
    "## Where the time went (phases, as recorded in the gradebook)",
    "## Submissions",
)


def _section_of(text: str, heading: str) -> list[str]:
    """The lines under `heading` up to the next heading, without blank lines."""
    lines = text.splitlines()
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return [line for line in lines[start:end] if line]


def test_ta_report_of_an_empty_batch_says_none_and_leaves_out_empty_lists() -> None:
    info = reports.BatchInfo(
        "2026-fall", "r", "bwrap", False, 2, ("histogram", "fusion"), (), (), 1.0, (".x|y",), "local, 2 slots"
    )
    text = reports.ta_report(info, [], [])
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        h for h in TA_SECTIONS if h not in ("## Not finished", TA_SECTIONS[4])
    ]
    assert "- exercises: histogram, fusion" in text and "UNSAFE" not in text
    assert "- executor: local, 2 slots" in text
    assert "- ignored entries in SUBMISSIONS: .x\\|y" in text
    assert _section_of(text, "## Flags") == ["none"]
    assert _section_of(text, TA_SECTIONS[2]) == ["none"]
    assert _section_of(text, TA_SECTIONS[5]) == ["no phases recorded"]
    assert text.endswith("| --- | --- | --- | --- | ---: | --- |\n")


def test_ta_report_sections_counts_and_notes() -> None:
    notes = tuple(f"说明 {i}" for i in range(7))
    rows = [
        grow("s1", status="malformed:not_json", messages=notes),
        grow("s2", status="malformed:zip_bomb"),
        reports.GradeRow(row("s3", state="running", status=None), None),
        grow("s4", messages=("ok 的说明不列出",)),
    ]
    info = reports.BatchInfo("2026-fall", "r", "bwrap", False, 1, (), ("s1",), (), 3.0)
    text = reports.ta_report(info, rows, [("s1", Phase("intake", 0.0, 0.5, "ok"))])
    assert [line for line in text.splitlines() if line.startswith("## ")] == list(TA_SECTIONS)
    assert _section_of(text, "## Status")[2:] == ["| malformed | 2 |", "| ok | 1 |", "| running | 1 |"]
    assert _section_of(text, "## Not finished") == ["- s3: state running"]
    # the first five notes, only for submissions that are not ok and have notes
    assert _section_of(text, TA_SECTIONS[4]) == ["- s1 (malformed:not_json): " + " / ".join(notes[:5])]
    assert _section_of(text, TA_SECTIONS[5])[2:] == [
        "| intake | 1 | 0.5 | 0.50 | 0.50 | s1 | ok 1 |",
        "Slowest submissions:",
        "- s1: 0.5 s",
    ]
    assert "| s3 | s3 | running | running |  |  |" in _section_of(text, "## Submissions")


def test_markdown_keeps_plain_lines_plain_and_renders_the_rest_literally() -> None:
    plain = "尚未作答(primitive_histogram 还是模板:它返回 None)"
    assert reports.md_literal(plain) == plain  # an underscore inside a word cannot start emphasis
    for text in ("# 标题?", "1. 不是列表", "a *b* c", "x_ y", "`code` 与 ``两个``", "&amp; 不是实体"):
        page = rendered_md(f"- {reports.md_literal(text)}\n")
        assert html.unescape(re.sub(r"<[^>]+>", "", page)).strip() == text, (text, page)


def test_tampered_exercise_with_observations_keeps_what_was_observed() -> None:
    from autograder.exercises import load
    from autograder.exercises.base import CheckOutcome, score_outcomes

    ex = load("safe_distance").EXERCISE
    outcomes = [CheckOutcome(s.name, False, "运行时出错:RuntimeError: REPORT-42") for s in ex.subchecks]
    score = score_outcomes(ex, outcomes, tampered=("gc.get_objects",))
    assert (score.status, score.score) == ("tampered", 0.0) and not reports.one_line(score)
    base = result("s1")
    text = reports.feedback_md(StudentResult("s1", "h", "v", {**base.scores, "safe_distance": score}, "ok"))
    assert "REPORT-42" in text and "gc.get_objects" in text and "不计分" in text
    lost = score_outcomes(ex, [], tampered=("gc.get_objects",))
    assert reports.one_line(lost) and "没有得到观测结果" in lost.summary_zh


def test_status_values_are_the_stored_vocabulary():
    """grades.csv, results.json, the gradebook and the service's database hold these strings."""
    assert {s.name: s.value for s in Status} == {
        "OK": "ok", "NOT_SUBMITTED": "not_submitted", "MALFORMED": "malformed", "PARTIAL": "partial",
        "BUILD_FAILED": "build_failed", "GRADER_ERROR": "grader_error", "GATE_FAILED": "gate_failed",
        "TAMPERED": "tampered", "UNANSWERED": "unanswered", "TIMEOUT": "timeout", "CRASHED": "crashed",
        "MEMORY": "memory", "MALFORMED_OUTPUT": "malformed_output", "INVALID_OUTPUT": "invalid_output",
        "NOT_RUN": "not_run", "NO_ANSWER": "no_answer", "SKIPPED": "skipped",
    }  # fmt: skip
    assert messages.malformed("not_json") == "malformed:not_json"
    assert messages.partial_not_submitted("ch05") == "partial:not_submitted:ch05"
    assert json.dumps({"status": Status.TIMEOUT}) == '{"status": "timeout"}'


def test_every_status_a_student_can_get_has_a_text():
    """Each exercise status has a meaning in EXERCISE_STATUS_ZH; each submission status in STATUS_ZH."""
    exercise = set(Status) - {Status.PARTIAL, Status.GRADER_ERROR}
    assert exercise <= set(messages.EXERCISE_STATUS_ZH)
    submission = {Status.OK, Status.NOT_SUBMITTED, Status.MALFORMED, Status.TAMPERED, Status.TIMEOUT,
                  Status.CRASHED, Status.MEMORY, Status.BUILD_FAILED, Status.GRADER_ERROR}
    assert submission <= set(messages.STATUS_ZH)
    for chapter in ("ch02", "ch05"):
        status = messages.partial_not_submitted(chapter)
        assert messages.status_zh(status) == f"没有找到第 {chapter[-1]} 章的笔记本,该章各题记 0 分"
    assert messages.status_zh(messages.malformed("not_json")) == messages.STATUS_ZH["malformed"]
    assert set(messages.INTAKE_ZH) >= {"not_json", "unsafe_zip", "no_notebook"}
