"""The chapter quizzes: answer parsing (total over any text), per-student option order, choice scoring,
the key's checks, quiz cells never run by the grader, and no key text in what students receive.

The committed release (assignments/2026-fall/) and its key beside it are the real inputs; the parser
gets Hypothesis properties because it reads untrusted notebook text.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autograder.exercises import CHAPTERS
from autograder.grade.cells import map_cells
from autograder.quiz.grading_key import QuizKey, key_file, load_key
from autograder.quiz.key import QuizKeyError, answer_lines, question_from_meta
from autograder.quiz.score import score_quiz
from jaxcourse.quiz import load_quiz, option_order, shown_options
from jaxcourse.quiz_answers import LETTERS, AnswerStatus, parse_choice, parse_written, read_answers

from helpers.paths import RELEASE

KEY = load_key(RELEASE)
PUBLIC = load_quiz(RELEASE / "quiz.json")


def answer_cell(qid: str, text: str, *, meta: bool = True, kind: str = "markdown") -> dict:
    md = {"jaxgrade": {"role": "quiz_answer", "question": qid}} if meta else {}
    return {"cell_type": kind, "metadata": md, "source": f"**测验 {qid} 作答**\n\n{text}"}


def release_nb(chapter: str) -> dict:
    name = json.loads((RELEASE / "manifest.json").read_text())["notebooks"][chapter]
    return json.loads((RELEASE / name).read_text(encoding="utf-8"))


def with_answers(nb: dict, answers: dict[str, str]) -> dict:
    """The released notebook with the answer cells of `answers` (question -> text after the heading)."""
    out = copy.deepcopy(nb)
    for cell in out["cells"]:
        q = (cell["metadata"].get("jaxgrade") or {}).get("question")
        if (cell["metadata"].get("jaxgrade") or {}).get("role") == "quiz_answer" and q in answers:
            cell["source"] = f"**测验 {q} 作答**\n\n{answers[q]}"
    return out


# ------------------------------------------------------------------ parser: examples and properties


@pytest.mark.parametrize(("text", "status", "letters"), [
    ("答案: B", AnswerStatus.ANSWERED, ("B",)),
    ("答案:b", AnswerStatus.ANSWERED, ("B",)),
    ("答案: A, C, e", AnswerStatus.ANSWERED, ("A", "C", "E")),
    ("答案: C、A", AnswerStatus.ANSWERED, ("A", "C")),
    ("答案: (B)", AnswerStatus.ANSWERED, ("B",)),
    ("**答案: D**", AnswerStatus.ANSWERED, ("D",)),
    ("答案: ?", AnswerStatus.BLANK, ()),
    ("答案:", AnswerStatus.BLANK, ()),
    ("我觉得是 B", AnswerStatus.UNREADABLE, ()),  # no 答案: line
    ("答案: F", AnswerStatus.UNREADABLE, ()),  # only 5 options
    ("答案: B 因为弱类型", AnswerStatus.UNREADABLE, ()),
])
def test_choice_syntax(text: str, status: AnswerStatus, letters: tuple[str, ...]) -> None:
    answer = parse_choice("ch02.q7", f"**测验 ch02.q7 作答**\n\n{text}", 5)
    assert (answer.status, answer.letters) == (status, letters)
    assert bool(answer.reason_zh) == (status is AnswerStatus.UNREADABLE)


def test_written_syntax() -> None:
    text = "**测验 ch02.q1 作答**\n\n答案:返回 Jaxpr。\n分号左边是 constvars。"
    assert parse_written("ch02.q1", text).text == "返回 Jaxpr。\n分号左边是 constvars。"
    assert parse_written("ch02.q1", "答案:(在这里写你的答案)").status is AnswerStatus.BLANK
    # the marker line deleted by accident: the cell without its heading is still the answer
    kept = parse_written("ch02.q1", "**测验 ch02.q1 作答**\n\n返回 Jaxpr")
    assert (kept.status, kept.text) == (AnswerStatus.ANSWERED, "返回 Jaxpr")


def test_read_answers_finds_cells_by_metadata_or_heading_and_reports_conflicts() -> None:
    questions = {"ch02.q3": 3, "ch02.q1": None, "ch02.q7": 5}
    nb = {"cells": [answer_cell("ch02.q3", "答案: B", meta=False, kind="raw"),
                    answer_cell("ch02.q7", "答案: A"), answer_cell("ch02.q7", "答案: B")]}
    got = read_answers(nb, questions)
    assert got["ch02.q3"].letters == ("B",)
    assert got["ch02.q1"].status is AnswerStatus.MISSING
    assert got["ch02.q7"].status is AnswerStatus.CONFLICT


_cells = st.lists(st.fixed_dictionaries({
    "cell_type": st.sampled_from(["markdown", "raw", "code", 3]),
    "metadata": st.one_of(st.none(), st.fixed_dictionaries({"jaxgrade": st.one_of(
        st.text(max_size=5),
        st.fixed_dictionaries({"role": st.just("quiz_answer"),
                               "question": st.sampled_from(["ch02.q3", "ch02.q1", "x"])}))})),
    "source": st.one_of(st.text(), st.lists(st.one_of(st.text(), st.integers())), st.none()),
}), max_size=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(), n=st.integers(2, 8))
def test_parsers_are_total_over_any_text(text: str, n: int) -> None:
    for prefix in ("", "答案:", "答案: ", "**测验 ch02.q3 作答**\n答案:"):
        choice = parse_choice("ch02.q3", prefix + text, n)
        assert choice.status in AnswerStatus
        assert all(letter in LETTERS[:n] for letter in choice.letters)
        assert (choice.status is AnswerStatus.ANSWERED) == bool(choice.letters)
        written = parse_written("ch02.q1", prefix + text)
        assert written.status in (AnswerStatus.ANSWERED, AnswerStatus.BLANK, AnswerStatus.UNREADABLE)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=_cells, junk=st.one_of(st.none(), st.integers(), st.text(), st.lists(st.integers())))
def test_read_answers_is_total_over_any_notebook(cells: list, junk: object) -> None:
    for nb in ({"cells": cells}, {"cells": junk}, junk):
        got = read_answers(nb, {"ch02.q3": 3, "ch02.q1": None})
        assert set(got) == {"ch02.q3", "ch02.q1"}
        assert all(a.status in AnswerStatus for a in got.values())


# ------------------------------------------------------------------ option order and scoring


def test_option_order_is_a_stable_permutation_that_varies_between_students() -> None:
    orders = {option_order("ch05.q1", 4, f"2026{n:03d}", "s") for n in range(40)}
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert len(orders) > 5  # students really see different orders
    assert option_order("ch05.q1", 4, " ＡB12 ", "s") == option_order("ch05.q1", 4, "ab12", "s")
    assert option_order("ch05.q1", 4, "ab12", "s") == option_order("ch05.q1", 4, "ab12", "s")


def test_choice_scoring_maps_the_students_letters_through_their_own_order() -> None:
    assert KEY is not None
    for student in ("2026001", "2026002", "2026003", "alice"):
        right, wrong = {}, {}
        for q in KEY.chapter("ch02"):
            if q.kind != "choice":
                continue
            public = next(p for p in PUBLIC.questions if p.id == q.id)
            shown = shown_options(public, student, PUBLIC.salt)
            right[q.id] = "答案: " + ", ".join(letter for letter, text in shown
                                               if q.options.index(text) in q.correct)
            wrong[q.id] = "答案: " + next(letter for letter, text in shown
                                          if q.options.index(text) not in q.correct)
        nb = release_nb("ch02")
        scores = {s.question: s for s in score_quiz(KEY, "ch02", with_answers(nb, right), student)}
        choice = {q: s.points for q, s in scores.items() if s.kind == "choice"}
        assert choice == {"ch02.q3": 2.0, "ch02.q7": 2.0}
        assert all(s.points is None for s in scores.values() if s.kind == "written")
        scores = score_quiz(KEY, "ch02", with_answers(nb, wrong), student)
        assert [s.points for s in scores if s.kind == "choice"] == [0.0, 0.0]
    untouched = score_quiz(KEY, "ch05", release_nb("ch05"), "2026001")
    assert {s.status for s in untouched} == {AnswerStatus.BLANK}
    assert sum(s.points or 0 for s in untouched) == 0


def test_the_same_letter_is_right_for_one_student_and_wrong_for_another() -> None:
    """Why the order matters: copying a neighbour's letter is not copying their answer."""
    q = KEY.question("ch05.q1")
    outcomes = {s.points for n in range(30)
                for s in score_quiz(KEY, "ch05", with_answers(release_nb("ch05"), {"ch05.q1": "答案: A"}),
                                    f"2026{n:03d}") if s.question == "ch05.q1"}
    assert q is not None and outcomes == {0.0, 2.0}


# ------------------------------------------------------------------ the key


def _meta(**over: object) -> dict:
    base = {"role": "quiz_question", "question": "ch02.q3", "kind": "choice", "points": 2,
            "options": ["a", "b", "c"], "correct": [1], "model_answer": "b", "explanation": "因为 b"}
    return base | over


@pytest.mark.parametrize(("over", "words"), [
    ({"correct": [3]}, "not among its 3 options"),
    ({"correct": []}, "non-empty list"),
    ({"question": "ch05.q3"}, "must look like"),
    ({"kind": "written", "rubric": []}, "needs a rubric"),
    ({"kind": "written", "rubric": [{"id": "a", "points": 1, "description": "x"}]}, "add up to 1"),
    ({"kind": "written", "rubric": [{"id": "a", "points": 2, "description": " "}]}, "needs a description"),
    ({"explanation": ""}, "'explanation' must be"),
    ({"points": True}, "finite number"),
])
def test_key_refuses_what_the_release_must_not_ship(over: dict, words: str) -> None:
    with pytest.raises(QuizKeyError, match=words):
        question_from_meta(_meta(**over), "prompt", "ch02")


def test_the_committed_release_has_16_questions_whose_points_add_up() -> None:
    assert isinstance(KEY, QuizKey) and len(KEY.questions) == 16
    manifest = json.loads((RELEASE / "manifest.json").read_text())
    assert manifest["quiz_points"] == {"ch02": 22, "ch05": 22}
    assert sum(e["points"] for e in manifest["exercises"]) == 80  # the exercise total is unchanged
    kinds = {q.id: q.kind for q in KEY.questions}
    assert {q for q, k in kinds.items() if k == "choice"} == {"ch02.q3", "ch02.q7", "ch05.q1", "ch05.q3"}
    for q in KEY.questions:
        assert (q.rubric != ()) == (q.kind == "written")
        assert q.correct <= set(range(len(q.options)))


def test_no_key_text_ships_in_the_release_folder() -> None:
    """Model answers, explanations and rubric items exist only in the key beside the folder."""
    secrets = {line for q in KEY.questions for line in answer_lines(q) if len(line) >= 8}
    assert key_file(RELEASE).parent == RELEASE.parent and not key_file(RELEASE).is_relative_to(RELEASE)
    shipped = "\n".join(p.read_text(encoding="utf-8", errors="replace")
                        for p in RELEASE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    assert secrets and not [s for s in secrets if s in shipped]
    for field in ('"model_answer"', '"explanation"', '"rubric"', '"correct"'):
        assert field not in shipped
    public = json.loads((RELEASE / "quiz.json").read_text())
    assert all(set(q) <= {"id", "chapter", "kind", "points", "options"} for q in public["questions"])


# ------------------------------------------------------------------ quiz cells are never run


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_quiz_cells_never_reach_the_grader_run(chapter: str) -> None:
    """Answer cells are text; the helper cells are skipped even without metadata and with an edited id."""
    release = release_nb(chapter)
    student = copy.deepcopy(release)
    marker = "raise SystemExit('a quiz cell was executed')"
    for cell in student["cells"]:
        cell["source"] = "".join(cell["source"])
        jg = cell["metadata"].get("jaxgrade") or {}
        if jg.get("role") == "quiz_answer":
            cell["source"] += "\n" + marker
        if jg.get("role") == "quiz":
            cell["source"] = cell["source"].replace("你的学号", "2026001")
            cell["metadata"] = {}
    mapped = map_cells(chapter, release, student)
    code = "\n".join(c.source for cells in mapped.answers.values() for c in cells) + "\n".join(mapped.setup)
    assert marker not in code and "show_quiz" not in code and "check_quiz" not in code


# ------------------------------------------------------------------ the student's helpers


def test_show_quiz_and_check_quiz_show_order_and_form_never_the_answer(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import jaxcourse.quiz as helper

    monkeypatch.setattr(helper, "QUIZ_FILE", RELEASE / "quiz.json")
    helper.show_quiz("2026001", "ch05")
    shown = capsys.readouterr().out
    q1 = next(p for p in PUBLIC.questions if p.id == "ch05.q1")
    lines = [f"  {letter}. {text}" for letter, text in shown_options(q1, "2026001", PUBLIC.salt)]
    assert "\n".join(lines) in shown
    helper.show_quiz("你的学号", "ch05")
    assert "换成你自己的学号" in capsys.readouterr().out
    answers = {"ch05.q1": "答案: A", "ch05.q2": "答案:对齐", "ch05.q3": "答案: 3"}
    nb = with_answers(release_nb("ch05"), answers)
    path = tmp_path / "ch05_interop.ipynb"
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    helper.check_quiz(str(path), "ch05")
    report = capsys.readouterr().out
    assert "ch05.q1:格式正确(你选了 A)" in report and "ch05.q2:格式正确" in report
    assert "ch05.q3:格式不对" in report and "ch05.q4:还没作答" in report
    assert "正确" not in report.replace("格式正确", "")  # form only: never right or wrong


# ------------------------------------------------------------------ jaxgrade release refuses a bad quiz


def _fixture_masters_with_quiz(tmp_path, questions: list[dict], answers: list[str]):
    import shutil

    from helpers.paths import REPO

    solutions = tmp_path / "solutions"
    shutil.copytree(REPO / "tests" / "fixtures" / "solutions", solutions)
    path = solutions / "ch02_performance.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    at = len(nb["cells"]) - 1  # before the submit cell
    cells = [{"cell_type": "markdown", "metadata": {"jaxgrade": meta}, "source": "题目"}
             for meta in questions]
    cells += [answer_cell(qid, "答案: ?") for qid in answers]
    nb["cells"][at:at] = cells
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return solutions


def _choice(qid: str, **over: object) -> dict:
    return _meta(question=qid) | over


@pytest.mark.parametrize(("questions", "answers", "words"), [
    ([_choice("ch02.q1", correct=[4])], ["ch02.q1"], "not among its 3 options"),
    ([_choice("ch02.q1", kind="written")], ["ch02.q1"], "needs a rubric"),
    ([_choice(f"ch02.q{n}") for n in range(1, 8)], [f"ch02.q{n}" for n in range(1, 8)], "expected"),
    ([_choice(f"ch02.q{n}") for n in range(1, 9)], [f"ch02.q{n}" for n in range(1, 8)],
     "ch02.q8 needs exactly one answer cell"),
])
def test_release_refuses_a_bad_quiz_before_running_otter(tmp_path, questions, answers, words) -> None:
    from autograder.release.build import ReleaseError, build_release

    solutions = _fixture_masters_with_quiz(tmp_path, questions, answers)
    with pytest.raises(ReleaseError, match=words):
        build_release("v1", solutions, tmp_path / "out", log=lambda _m: None)
    assert not (tmp_path / "out" / "v1").exists()
