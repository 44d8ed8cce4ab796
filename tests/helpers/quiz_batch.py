"""The quiz step's batch of `jaxgrade grade` with the fake exercise runner: a fake release with the
committed release's quiz key beside it, three students' notebooks with quiz answers (`make_batch`,
which a test's `batch` fixture returns), and a run of the command over them (`run_grade`). Used by
test_quiz_batch.py and test_line_comment_packet.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from autograder.commands import grade
from autograder.quiz.grading_key import key_file, load_key
from jaxcourse.quiz import load_quiz, shown_options

from helpers.fake_grading import ALL_OK, fake_grade, make_release, nb_bytes, parser
from helpers.paths import RELEASE

KEY = load_key(RELEASE)
PUBLIC = load_quiz(RELEASE / "quiz.json")
STUDENTS = ("s01", "s02", "s03")


def quiz_notebook(chapter: str, answers: dict[str, str]) -> bytes:
    nb = json.loads(nb_bytes(chapter, ALL_OK))
    for qid, text in answers.items():
        nb["cells"].append({"cell_type": "markdown", "source": f"**测验 {qid} 作答**\n\n{text}",
                            "metadata": {"jaxgrade": {"role": "quiz_answer", "question": qid}}})
    return json.dumps(nb, ensure_ascii=False).encode()


def right_letters(student: str, qid: str) -> str:
    q = KEY.question(qid)
    public = next(p for p in PUBLIC.questions if p.id == qid)
    return ", ".join(letter for letter, text in shown_options(public, student, PUBLIC.salt)
                     if q.options.index(text) in q.correct)


def make_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """The batch's folders: `subs` (three students' notebooks), `out`, `rel` (the fake release)."""
    monkeypatch.setenv("FAKE_CALLS", str(tmp_path / "calls.txt"))
    rel = make_release(tmp_path / "rel")
    shutil.copy(key_file(RELEASE), key_file(rel))
    subs = tmp_path / "subs"
    for n, sid in enumerate(STUDENTS):
        (subs / sid).mkdir(parents=True)
        ch02 = {"ch02.q1": f"返回 Jaxpr,学生 {n}", "ch02.q3": "答案: " + right_letters(sid, "ch02.q3")}
        if sid == "s03":
            ch02 = {"ch02.q1": "=HYPERLINK(\"x\") <script>alert(1)</script>", "ch02.q3": "答案: Z"}
        (subs / sid / "ch02.ipynb").write_bytes(quiz_notebook("ch02", ch02))
        (subs / sid / "ch05.ipynb").write_bytes(quiz_notebook("ch05", {"ch05.q1": "答案: ?"}))
    return {"subs": subs, "out": tmp_path / "out", "rel": rel}


def run_grade(batch: dict[str, Path], *extra: str) -> None:
    args = parser().parse_args([str(batch["subs"]), "--out", str(batch["out"]),
                                "--release", str(batch["rel"]), "--jobs", "1", *extra])
    assert grade.run(args, grade_fn=fake_grade) == 0
