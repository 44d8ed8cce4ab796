"""jaxgrade with a real nbgrader 0.9.6 course, end to end.

`jaxgrade release --nbgrader` into the course, students fetch and submit through a real exchange folder,
`nbgrader collect`, `jaxgrade grade --nbgrader` (real sandboxed grading), then what nbgrader itself
reports: `nbgrader export`, the formgrader API, the gradebook, `release_feedback` / `fetch_feedback`.

nbgrader lives in .venv-nbgrader/ (scripts/bootstrap.sh); every nbgrader command runs there with HOME,
USER and the config inside this test's temp folder. Five students are graded once (module fixture):
alice and bob, and three whose folders break a naive write-back (a timestamp.txt that does not
parse, no nbgrader cell metadata, a linked submission_secret.txt).
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.commands import grade
from autograder.nbgrader_bridge import venv
from autograder.nbgrader_bridge.release import check_nbgrader_release
from autograder.nbgrader_bridge.source import nbgrader_answer_source
from autograder.release.build import library_files
from autograder.release.masters import find_masters
from autograder.release.verify import distinctive_answer_lines

from helpers.early_lane import session_lane
from helpers.nbgrader_course import (
    COURSE_ID,
    STUDENTS,
    WRITTEN,
    V,
    course_paths,
    grade_parser,
    nbgrader,
)

REPO = Path(__file__).resolve().parents[1]

try:
    NBGRADER_PY = venv.nbgrader_python()
except venv.NbgraderError as exc:
    pytest.skip(f"nbgrader environment missing: {exc}", allow_module_level=True)

NBGRADER_COURSE = "nbgrader-course"


def queue_early_work(lane, items: list[pytest.Item]) -> None:  # noqa: ANN001 (helpers.early_lane.EarlyLane)
    """The course (release, five students through the exchange, two gradings) is built on the early lane."""
    if any("course" in item.fixturenames for item in items):
        base = lane.workdir(NBGRADER_COURSE)
        lane.add(NBGRADER_COURSE, [sys.executable, "-m", "helpers.nbgrader_course", str(base)], note=base)


@pytest.fixture(scope="module")
def course(request: pytest.FixtureRequest) -> dict[str, Path]:
    """The course `helpers.nbgrader_course` built on the early lane; its failure fails every reader."""
    lane = session_lane(request.config)
    done = lane.result(NBGRADER_COURSE)
    assert done.returncode == 0, f"building the course failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return course_paths(lane.notes[NBGRADER_COURSE])


def jaxgrade_totals(out: Path) -> dict[str, float]:
    rows = csv.DictReader(io.StringIO((out / "grades.csv").read_text(encoding="utf-8")))
    return {r["student_id"]: float(r["total"]) for r in rows}


def nbgrader_totals(out: Path) -> dict[str, float]:
    """What nbgrader's total should be: the exercise total (grades.csv) plus the quiz points scored
    so far (quiz.csv: the choice questions, and written ones once graded)."""
    quiz = {r["student_id"]: float(r["quiz_total"])
            for r in csv.DictReader(io.StringIO((out / "quiz.csv").read_text(encoding="utf-8")))}
    return {sid: total + quiz.get(sid, 0.0) for sid, total in jaxgrade_totals(out).items()}


@pytest.mark.slow
def test_release_has_nbgrader_cells_and_no_answer(course: dict[str, Path]) -> None:
    nb = json.loads((course["course"] / "release" / V / "ch02_performance.ipynb").read_text(encoding="utf-8"))
    meta = {c["metadata"]["nbgrader"]["grade_id"]: c["metadata"]["nbgrader"] for c in nb["cells"]
            if "nbgrader" in c["metadata"]}  # fmt: skip
    assert meta["histogram_check"]["grade"] and meta["histogram_check"]["locked"]
    assert meta["histogram_check"]["points"] == 10
    assert meta["histogram_answer"]["solution"] and not meta["histogram_answer"]["locked"]
    assert meta["ch02_setup_1"]["locked"] and meta["ch02_setup_1"]["schema_version"] == 3
    # quiz answer cells: graded solution cells with the question's points; the template is what ships
    assert meta["ch02_q1"]["grade"] and meta["ch02_q1"]["solution"] and meta["ch02_q1"]["points"] == 3
    assert meta["ch02_q3"]["grade"] and meta["ch02_q3"]["points"] == 2
    quiz_cell = next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == "ch02_q1")
    assert "答案:(在这里写你的答案)" in "".join(quiz_cell["source"])
    text = json.dumps(nb, ensure_ascii=False)
    assert "counts[eqn.primitive.name] += 1" not in text and "BEGIN SOLUTION" not in text
    assert (course["course"] / "release" / V / "tests" / "histogram.py").is_file()


@pytest.mark.slow
def test_leak_check_refuses_an_answer_line_left_in_the_nbgrader_release(
    course: dict[str, Path], tmp_path: Path
) -> None:
    copy = tmp_path / "release"
    shutil.copytree(course["course"] / "release" / V, copy)
    path = copy / "ch02_performance.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(
        c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == "fusion_answer"
    )
    cell["source"] += "\n    compiled = jax.jit(f).lower(*args).compile()\n"
    path.write_text(json.dumps(nb), encoding="utf-8")
    masters = find_masters(REPO / "solutions")
    # as the nbgrader release reads them: the library now holds a compiled catalogue (.mo), not only text
    shipped = {
        line.strip()
        for p in library_files().values()
        for line in p.read_text(encoding="utf-8", errors="replace").splitlines()
    }
    problems = check_nbgrader_release(copy, course["release"], distinctive_answer_lines(masters, shipped))
    assert any("answer of fusion survives in ch02_performance.ipynb" in p for p in problems), problems
    assert any("differs from the otter release" in p for p in problems), problems


@pytest.mark.slow
def test_grades_csv_scores_every_student(course: dict[str, Path]) -> None:
    totals = jaxgrade_totals(course["out"])
    assert totals == {"alice": 40.0, "bob": 10.0, "carol": 10.0, "dave": 40.0, "erin": 10.0}


@pytest.mark.slow
def test_one_students_folder_never_stops_the_writeback_of_the_others(course: dict[str, Path]) -> None:
    statuses = json.loads((course["out"] / "nbgrader-writeback.json").read_text(encoding="utf-8"))
    assert {sid: e["status"] for sid, e in statuses.items()} == {
        "alice": "written", "bob": "written", "carol": "refused", "dave": "written", "erin": "refused"
    }  # fmt: skip
    assert "timestamp.txt does not parse" in statuses["carol"]["note"]
    assert "submission_secret.txt is not a regular file" in statuses["erin"]["note"]
    assert "released notebook" in statuses["dave"]["note"]  # his file lacks nbgrader's metadata
    db = sqlite3.connect(course["course"] / "gradebook.db")
    in_gradebook = {r[0] for r in db.execute("SELECT s.id FROM submitted_assignment a JOIN student s "
                                             "ON a.student_id = s.id")}  # fmt: skip
    assert in_gradebook == set(WRITTEN)  # refused students: nothing written, not even a submission
    for sid in ("carol", "erin"):
        assert not (course["course"] / "feedback" / sid).exists()
        assert not (course["course"] / "autograded" / sid).exists()


@pytest.mark.slow
def test_writeback_never_follows_a_link_from_the_students_folder(course: dict[str, Path]) -> None:
    for folder in (course["course"] / "feedback", course["course"] / "autograded"):
        for path in folder.rglob("*"):
            assert not path.is_symlink(), path
            if path.is_file():
                assert b"jaxgrade_host_secret" not in path.read_bytes(), path


@pytest.mark.slow
def test_student_markup_reaches_formgrader_only_as_text(course: dict[str, Path]) -> None:
    request = {"assignment": V, "notebook": "ch02_performance", "student": "bob"}
    html = venv.call("formgrade", course["course"], request)["html"]
    assert "jaxgrade_xss_script" in html and "jaxgrade_bold" in html  # shown...
    for raw in ("<script>jaxgrade_xss", '<img src="x" onerror', "<iframe srcdoc", "<b>jaxgrade_bold"):
        assert raw not in html, raw  # ...never as markup


@pytest.mark.slow
def test_a_notebook_without_nbgrader_metadata_gets_its_whole_score(course: dict[str, Path]) -> None:
    db = sqlite3.connect(course["course"] / "gradebook.db")
    named = db.execute(
        "SELECT c.name, g.auto_score, g.manual_score, g.needs_manual_grade FROM grade g "
        "JOIN base_cell c ON g.cell_id = c.id "
        "JOIN submitted_notebook n ON g.notebook_id = n.id JOIN submitted_assignment a "
        "ON n.assignment_id = a.id JOIN student s ON a.student_id = s.id WHERE s.id = 'dave'"
    ).fetchall()
    written = {f"{ch}_q{n}" for ch in ("ch02", "ch05") for n in range(1, 9)} - {
        "ch02_q3", "ch02_q7", "ch05_q1", "ch05_q3"}
    rows = [(auto, manual_score, manual) for name, auto, manual_score, manual in named if name not in written]
    # no stray "needs manual grade": only the written quiz answers wait for a TA
    assert rows and all(manual == 0 for _, _, manual in rows)
    assert {name for name, _, _, manual in named if manual} == written
    assert sum(auto or 0 for auto, _, _ in rows) == nbgrader_totals(course["out"])["dave"]


@pytest.mark.slow
def test_nbgrader_export_shows_the_same_scores(course: dict[str, Path]) -> None:
    nbgrader(["export", "--to", "nbgrader_grades.csv"], course["course"], course["instructor"], "instructor")
    rows = list(csv.DictReader(io.StringIO((course["course"] / "nbgrader_grades.csv").read_text())))
    exported = {r["student_id"]: float(r["score"]) for r in rows if r["assignment"] == V}
    assert exported == {sid: t for sid, t in nbgrader_totals(course["out"]).items() if sid in WRITTEN}
    assert {float(r["max_score"]) for r in rows} == {80.0 + 44.0}  # exercises and the 16 quiz questions


@pytest.mark.slow
def test_formgrader_lists_autograded_submissions_with_written_answers_to_grade_by_hand(
    course: dict[str, Path],
) -> None:
    # nbgrader's own listing fails on carol's timestamp.txt too: the TA fixes it as the note says
    (course["course"] / "submitted" / "carol" / V / "timestamp.txt").write_text(
        "2026-12-01 10:00:00.000000 UTC\n", encoding="utf-8"
    )
    subs = venv.call("submissions", course["course"], {"assignment": V})["submissions"]
    by_student = {s["student"]: s for s in subs}
    assert sorted(by_student) == sorted(STUDENTS)
    assert not by_student["carol"]["autograded"] and not by_student["erin"]["autograded"]
    totals = nbgrader_totals(course["out"])
    for sid, s in by_student.items():
        if sid not in WRITTEN:
            continue
        assert s["autograded"] is True and s["submitted"] is True
        assert s["needs_manual_grade"] is True  # the written quiz answers are the TAs' to grade
        assert s["score"] == totals[sid]
        assert s["timestamp"]


@pytest.mark.slow
def test_formgrader_renders_the_autograded_notebook(course: dict[str, Path]) -> None:
    request = {"assignment": V, "notebook": "ch02_performance", "student": "bob"}
    html = venv.call("formgrade", course["course"], request)["html"]
    assert "histogram_check" in html
    assert "0.00 / 10.00 分" in html  # jaxgrade's feedback, shown as the check cell's output
    assert "print(&#39;all good&#39;)" not in html and "print('all good')" not in html


@pytest.mark.slow
def test_gradebook_comments_and_autograded_notebooks(course: dict[str, Path]) -> None:
    db = sqlite3.connect(course["course"] / "gradebook.db")
    rows = db.execute(
        "SELECT s.id, c.name, g.auto_score, g.needs_manual_grade FROM grade g "
        "JOIN base_cell c ON g.cell_id = c.id JOIN submitted_notebook n ON g.notebook_id = n.id "
        "JOIN submitted_assignment a ON n.assignment_id = a.id JOIN student s ON a.student_id = s.id"
    ).fetchall()
    scores = {(sid, cell): (score, manual) for sid, cell, score, manual in rows}
    assert scores[("alice", "histogram_check")] == (10.0, 0)
    assert scores[("bob", "recompile_check")] == (10.0, 0)
    assert scores[("bob", "histogram_check")] == (0.0, 0)
    assert scores[("bob", "silu_ffi_check")] == (0.0, 0)  # ch05 not handed in: 0, graded
    comments = dict(db.execute(
        "SELECT s.id || '/' || b.name, m.auto_comment FROM comment m JOIN base_cell b ON m.cell_id = b.id "
        "JOIN submitted_notebook n ON m.notebook_id = n.id "
        "JOIN submitted_assignment a ON n.assignment_id = a.id JOIN student s ON a.student_id = s.id"
    ).fetchall())  # fmt: skip
    assert "10.00 / 10.00 分" in comments["alice/histogram_check"]
    assert comments["alice/histogram_answer"] == comments["alice/histogram_check"]
    assert "0.00 / 10.00 分" in comments["bob/histogram_check"]
    for sid in ("alice", "bob"):
        auto = course["course"] / "autograded" / sid / V
        nb = json.loads((auto / "ch02_performance.ipynb").read_text(encoding="utf-8"))
        check = next(
            c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == "histogram_check"
        )
        assert "".join(check["source"]) == 'grader.check("histogram")'  # bob's edit of it is undone
        assert "分" in "".join(check["outputs"][0]["text"])
        assert (auto / "timestamp.txt").read_text() == (
            course["course"] / "submitted" / sid / V / "timestamp.txt"
        ).read_text()
        assert (auto / "ch05_interop.ipynb").is_file()  # formgrader can open the notebook not handed in


@pytest.mark.slow
def test_feedback_is_released_to_students(course: dict[str, Path]) -> None:
    fb = course["course"] / "feedback" / "alice" / V
    html = (fb / "ch02_performance.html").read_text(encoding="utf-8")
    assert "评分反馈" in html and "40.00" in html
    nbgrader(["release_feedback", V], course["course"], course["instructor"], "instructor")
    home = course["home-alice"]
    nbgrader(["fetch_feedback", V, "--course", COURSE_ID, "--student", "alice"], home, home, "alice")
    fetched = list((home / V / "feedback").rglob("ch02_performance.html"))
    assert fetched and fetched[0].read_text(encoding="utf-8") == html


def test_grading_environment_has_no_nbgrader_and_no_rfc3987_syntax() -> None:
    # nbgrader (and rfc3987-syntax, which slows `import nbformat` ~8x) are only in .venv-nbgrader
    assert importlib.util.find_spec("nbgrader") is None
    assert importlib.util.find_spec("rfc3987_syntax") is None
    probe = "import importlib.util as u; print(u.find_spec('rfc3987_syntax') is not None)"
    there = subprocess.run([str(NBGRADER_PY), "-c", probe], capture_output=True, text=True, check=True)
    assert there.stdout.strip() == "True"
    here = subprocess.run([sys.executable, "-X", "importtime", "-c", "import nbformat"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    assert "nbformat" in here.stderr
    assert not any(
        line.split("|")[-1].strip().startswith("rfc3987_syntax.") for line in here.stderr.splitlines()
    )


def test_otter_solution_markers_become_nbgrader_regions_after_the_prompt() -> None:
    master = (
        "def f(x):\n    # BEGIN SOLUTION\n    return x\n    # END SOLUTION\n"
        "k = 4  # SOLUTION\n# BEGIN SOLUTION NO PROMPT\nprint(k)\n# END SOLUTION\n"
    )
    assert nbgrader_answer_source(master) == (
        "def f(x):\n    ...\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION\n"
        "k = ...\n### BEGIN SOLUTION\nk = 4\n### END SOLUTION\n"
        "### BEGIN SOLUTION\nprint(k)\n### END SOLUTION\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--nbgrader", "{course}"], "--nbgrader needs --assignment"),
        (["{course}", "--nbgrader", "{course}", "--assignment", V], "give no SUBMISSIONS"),
        (["--nbgrader", "{course}", "--assignment", V, "--layout", "canvas"], "do not go together"),
        (["--nbgrader", "{empty}", "--assignment", V], "has no submitted/ folder"),
    ],
)
def test_nbgrader_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    (tmp_path / "course" / "submitted").mkdir(parents=True)
    (tmp_path / "empty").mkdir()
    filled = [a.format(course=tmp_path / "course", empty=tmp_path / "empty") for a in argv]
    assert grade.run(grade_parser().parse_args(filled)) == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_choice_quiz_scored_and_written_quiz_read_back_from_formgrader(course: dict[str, Path]) -> None:
    """jaxgrade writes the choice score; a formgrader score of a written answer comes back into quiz.csv."""
    from autograder import cli

    db = sqlite3.connect(course["course"] / "gradebook.db")
    grade_of = ("SELECT g.id, g.auto_score, g.manual_score, g.needs_manual_grade FROM grade g "
                "JOIN base_cell c ON g.cell_id = c.id JOIN submitted_notebook n ON g.notebook_id = n.id "
                "JOIN submitted_assignment a ON n.assignment_id = a.id JOIN student s ON a.student_id = s.id "
                "WHERE s.id = ? AND c.name = ?")
    assert db.execute(grade_of, ("alice", "ch02_q3")).fetchone()[1:] == (2.0, None, 0)
    written = db.execute(grade_of, ("alice", "ch02_q1")).fetchone()
    assert written[2:] == (None, 1)
    # what formgrader's TA does: a manual score and comment on alice's written answer
    db.execute("UPDATE grade SET manual_score = 2.5, needs_manual_grade = 0 WHERE id = ?", (written[0],))
    db.execute("UPDATE comment SET manual_comment = '要点齐全' WHERE id IN (SELECT m.id FROM comment m "
               "JOIN base_cell c ON m.cell_id = c.id JOIN submitted_notebook n ON m.notebook_id = n.id "
               "JOIN submitted_assignment a ON n.assignment_id = a.id WHERE a.student_id = 'alice' "
               "AND c.name = 'ch02_q1')")
    db.commit()
    db.close()
    argv = ["manual", "nbgrader", str(course["course"]), "--assignment", V, "--out", str(course["out"])]
    assert cli.main(argv) == 0
    quiz = {r["student_id"]: r for r in csv.DictReader(io.StringIO(
        (course["out"] / "quiz.csv").read_text(encoding="utf-8")))}
    assert (quiz["alice"]["ch02.q1"], quiz["alice"]["ch02.q3"], quiz["alice"]["quiz_total"]) == (
        "2.50", "2.00", "4.50")
    assert "要点齐全" in (course["out"] / "alice" / "quiz.md").read_text(encoding="utf-8")
