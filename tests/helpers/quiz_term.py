"""Quiz uploads on the small term of helpers/ledger_term.py: a released chapter notebook with the quiz
answer cells filled in, uploaded, its quiz scored by the grade host's own code (`grade_host.quiz_scores`
over the attempt laid out as the worker lays it out), and recorded with its exercises as a worker
reports them (the quiz is the `quiz` artefact of the outcome). No notebook is executed: the exercise
result is recorded (the tests are about the quiz).
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from autograder.commands.grade_host import quiz_scores
from autograder.grade import result_file
from autograder.quiz.grading_key import load_key
from autograder.service.app.worker import scope_of
from autograder.service.storage.layout import materialise
from jaxcourse.quiz import option_order
from jaxcourse.quiz_answers import LETTERS

from helpers.ledger_term import RELEASE, Term, outcome

NOTEBOOKS = {"ch02": "ch02_performance.ipynb", "ch05": "ch05_interop.ipynb"}
KEY = load_key(RELEASE)
assert KEY is not None


def quiz_notebook(
    chapter: str, answers: dict[str, str], extra_cells: list[dict[str, Any]] | None = None
) -> bytes:
    """The released notebook of `chapter` with these answers (question id -> text after `答案:`)."""
    nb = json.loads((RELEASE / NOTEBOOKS[chapter]).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        jg = cell.get("metadata", {}).get("jaxgrade", {})
        if jg.get("role") == "quiz_answer" and jg.get("question") in answers:
            cell["source"] = f"**测验 {jg['question']} 作答**\n\n答案: {answers[jg['question']]}"
    nb["cells"].extend(extra_cells or [])
    return json.dumps(nb, ensure_ascii=False).encode("utf-8")


def letters_for(question: str, student_id: str, right: bool) -> str:
    """The letters this student writes for the correct options (right) or for a wrong single one."""
    assert KEY is not None
    q = KEY.question(question)
    assert q is not None and q.kind == "choice"
    order = option_order(q.id, len(q.options), student_id, KEY.salt)
    if right:
        return ", ".join(LETTERS[pos] for pos, i in enumerate(order) if i in q.correct)
    wrong = next(pos for pos, i in enumerate(order) if i not in q.correct)
    return LETTERS[wrong]


def grader_quiz(service: Any, claimed: Any, assignment_id: str) -> bytes:
    """The `quiz` artefact the grade host writes for the claimed attempt (its one scoring)."""
    assignment = service.assignments[assignment_id]
    with tempfile.TemporaryDirectory(prefix="jaxgrade-quiz-test-") as tmp:
        subs = Path(tmp) / "subs"
        materialise(service.blobs, claimed, subs)
        opts = SimpleNamespace(release_root=service.releases.of(assignment).root,
                               exercises=scope_of(service, assignment), submissions=subs)  # fmt: skip
        questions = quiz_scores(opts, claimed.student_id)
    assert questions is not None
    return json.dumps(result_file.quiz_doc(questions)).encode("ascii")


def with_quiz(done: Any, quiz: bytes) -> Any:
    """A worker's outcome with the grader's quiz artefact."""
    return dataclasses.replace(done, artefacts={**done.artefacts, "quiz": quiz})


def upload_quiz(
    term: Term, student_id: str, assignment_id: str, points: dict[str, float], answers: dict[str, str]
) -> int:
    """A graded upload of the chapter notebook with these quiz answers; returns its attempt id."""
    chapter = {"hw2": "ch02", "hw5": "ch05"}[assignment_id]
    data = quiz_notebook(chapter, answers)
    att = term.service.intake.submit(student_id, [(NOTEBOOKS[chapter], data)], assignment_id)
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None and claimed.id == att.id
    quiz = grader_quiz(term.service, claimed, assignment_id)
    done = with_quiz(outcome(student_id, assignment_id, points, term.out_dir), quiz)
    assert term.service.queue.finish_graded("w", att.id, done)  # the quiz stored with the grade
    return int(att.id)
