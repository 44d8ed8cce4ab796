"""The quiz step of `jaxgrade grade` and `jaxgrade manual import`, with the fake exercise runner.

Real quiz key (the committed release's, copied beside a fake release folder), real intake, real
answer reading; the packet (manual.csv) is filled in as a TA would, imported, and checked in
quiz.csv and the students' quiz.md. Also: no model answer or explanation in any student file before
`--show-quiz-answers`, refusals of bad packets, and a resubmitted answer losing its old TA score.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from autograder import cli
from autograder.quiz.key import answer_lines

from helpers.quiz_batch import KEY, STUDENTS, make_batch, quiz_notebook, right_letters, run_grade


@pytest.fixture
def batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    return make_batch(tmp_path, monkeypatch)



def read(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def student_texts(out: Path) -> str:
    """Everything a student receives from the batch: their folders (feedback, results.json, quiz.md)."""
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for sid in STUDENTS
                     for p in (out / sid).rglob("*") if p.is_file())


def fill(packet: Path, points: dict[tuple[str, str], str], comment: str = "要点齐全") -> None:
    rows = read(packet)
    for row in rows:
        if (row["student"], row["question"]) in points:
            row["points"], row["comment"] = points[(row["student"], row["question"])], comment
    with packet.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def test_choice_scored_written_packeted_and_imported_back(batch: dict[str, Path],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    run_grade(batch)
    out = batch["out"]
    quiz = {r["student_id"]: r for r in read(out / "quiz.csv")}
    assert [quiz[s]["ch02.q3"] for s in STUDENTS] == ["2.00", "2.00", "0.00"]  # s03 wrote an invalid letter
    assert quiz["s01"]["ch02.q1"] == "" and quiz["s01"]["quiz_pending"] == "12"
    assert quiz["s01"]["quiz_max"] == "44.00"
    assert (out / "grades.csv").read_text().splitlines()[0].endswith("total,max_total,status")  # unchanged

    packet = out / "quiz" / "manual.csv"
    rows = read(packet)
    assert len(rows) == len(STUDENTS) * 12  # one row per student and written question
    hostile = next(r for r in rows if r["student"] == "s03" and r["question"] == "ch02.q1")
    assert hostile["answer"].startswith("'=HYPERLINK")  # neutralised for spreadsheets
    page = (out / "quiz" / "manual.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    blank = next(r for r in rows if r["student"] == "s01" and r["question"] == "ch05.q2")
    assert (blank["points"], blank["comment"]) == ("0.00", "没有找到作答单元")

    fill(packet, {("s01", "ch02.q1"): "2.5", ("s02", "ch02.q1"): "1"})
    assert cli.main(["manual", "import", str(packet)]) == 0
    quiz = {r["student_id"]: r for r in read(out / "quiz.csv")}
    assert (quiz["s01"]["ch02.q1"], quiz["s02"]["ch02.q1"], quiz["s03"]["ch02.q1"]) == ("2.50", "1.00", "")
    # s01's other written answers were blank: the packet gave them 0 points, now imported
    assert quiz["s01"]["quiz_total"] == "4.50" and quiz["s01"]["quiz_pending"] == "0"
    assert quiz["s03"]["quiz_pending"] == "1"  # s03's ch02.q1 was answered and not graded yet
    assert "要点齐全" in (out / "s01" / "quiz.md").read_text(encoding="utf-8")
    # the packet written next carries the imported scores (a TA can go on where they stopped)
    run_grade(batch)
    again = {(r["student"], r["question"]): r["points"] for r in read(packet)}
    assert again[("s01", "ch02.q1")] == "2.50"


@pytest.mark.parametrize(("edit", "words"), [
    ({("s01", "ch02.q1"): "3.5"}, "outside 0..3"),
    ({("s01", "ch02.q1"): "-1"}, "outside 0..3"),
    ({("s01", "ch02.q1"): "nan"}, "outside 0..3"),
    ({("s01", "ch02.q1"): "three"}, "not a number"),
])
def test_import_refuses_out_of_range_points(batch: dict[str, Path], capsys: pytest.CaptureFixture[str],
                                            edit: dict, words: str) -> None:
    run_grade(batch)
    packet = batch["out"] / "quiz" / "manual.csv"
    fill(packet, {("s02", "ch02.q2"): "1", **edit})
    capsys.readouterr()
    assert cli.main(["manual", "import", str(packet)]) == 1
    err = capsys.readouterr().err
    assert "nothing merged" in err and words in err and "line " in err
    assert not (batch["out"] / "quiz" / "manual.json").exists()  # all or nothing: s02's row was not merged


def test_import_refuses_unknown_ids(batch: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    run_grade(batch)
    packet = batch["out"] / "quiz" / "manual.csv"
    text = packet.read_text(encoding="utf-8").splitlines()
    header, first = text[0], text[1].split(",")
    ghost = ",".join(["mallory", *first[1:3], "1", "", *first[5:]])
    choice = ",".join([first[0], "ch02.q3", "2", "1", "", *first[5:]])
    packet.write_text("\n".join([header, ghost, choice]) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["manual", "import", str(packet)]) == 1
    err = capsys.readouterr().err
    assert "unknown student 'mallory'" in err and "unknown written question 'ch02.q3'" in err


def test_a_resubmitted_answer_goes_back_to_the_tas(batch: dict[str, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    run_grade(batch)
    packet = batch["out"] / "quiz" / "manual.csv"
    fill(packet, {("s01", "ch02.q1"): "3"})
    stale = batch["out"] / "stale.csv"
    shutil.copy(packet, stale)
    assert cli.main(["manual", "import", str(packet)]) == 0
    (batch["subs"] / "s01" / "ch02.ipynb").write_bytes(quiz_notebook("ch02", {"ch02.q1": "全新的回答"}))
    run_grade(batch)
    quiz = {r["student_id"]: r for r in read(batch["out"] / "quiz.csv")}
    assert quiz["s01"]["ch02.q1"] == ""  # the old score was for another text
    capsys.readouterr()
    assert cli.main(["manual", "import", str(stale), "--out", str(batch["out"])]) == 1
    assert "the answer changed since this packet was written" in capsys.readouterr().err


def test_no_model_answer_reaches_a_student_before_release(batch: dict[str, Path]) -> None:
    secrets = {line for q in KEY.questions for line in answer_lines(q) if len(line) >= 8}
    run_grade(batch)
    texts = student_texts(batch["out"])
    assert "参考答案和解析会在成绩发布后给出" in texts
    assert not [s for s in secrets if s in texts]
    run_grade(batch, "--show-quiz-answers")
    texts = student_texts(batch["out"])
    model = KEY.question("ch05.q1").model_answer
    assert model in texts and KEY.question("ch02.q8").explanation.splitlines()[0] in texts


def test_results_json_scores_choice_and_leaves_written_to_gradescope(batch: dict[str, Path]) -> None:
    from autograder.quiz.results_json import with_quiz
    from autograder.quiz.score import score_quiz

    run_grade(batch)
    doc = json.loads((batch["out"] / "s01" / "results.json").read_text(encoding="utf-8"))
    quiz = [t for t in doc["tests"] if "quiz" in t["tags"]]
    assert len(quiz) == 16
    choice = {t["name"]: (t["score"], t["max_score"]) for t in quiz if "manual" not in t["tags"]}
    assert choice == {"ch02.q3: 测验选择题": (2.0, 2.0), "ch02.q7: 测验选择题": (0.0, 2.0),
                      "ch05.q1: 测验选择题": (0.0, 2.0), "ch05.q3: 测验选择题": (0.0, 2.0)}
    assert all(t["max_score"] == 0 for t in quiz if "manual" in t["tags"])
    assert doc["extra_data"]["quiz"]["manual"]["ch02.q1"] == 3
    exercise_score = doc["score"] - 2.0
    assert doc["extra_data"]["max_score"] == 80 + 8
    # applying it again replaces, never adds twice
    nb = json.loads(quiz_notebook("ch02", {"ch02.q3": "答案: " + right_letters("s01", "ch02.q3")}))
    again = with_quiz(doc, score_quiz(KEY, "ch02", nb, "s01"))
    assert again["score"] == exercise_score + 2.0 and again["extra_data"]["max_score"] == 80 + 4
    assert len([t for t in again["tests"] if "quiz" in t["tags"]]) == 8  # only chapter 2 this time
