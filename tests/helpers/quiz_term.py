"""Quiz uploads on the small term of helpers/ledger_term.py: a released chapter notebook with the quiz
answer cells filled in, uploaded, its answers read by the worker's own hook (`record_quiz`, the
trusted service reading the notebook text), and its exercises recorded as a worker reports them.
No notebook is executed: the exercise result is recorded (the tests are about the quiz).
"""

from __future__ import annotations

import json
from typing import Any

from autograder.quiz.grading_key import load_key
from autograder.service.app.worker import record_quiz
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


def upload_quiz(
    term: Term, student_id: str, assignment_id: str, points: dict[str, float], answers: dict[str, str]
) -> int:
    """A graded upload of the chapter notebook with these quiz answers; returns its attempt id."""
    chapter = {"hw2": "ch02", "hw5": "ch05"}[assignment_id]
    data = quiz_notebook(chapter, answers)
    att = term.service.intake.submit(student_id, [(NOTEBOOKS[chapter], data)], assignment_id)
    claimed = term.service.queue.claim_next("w")
    assert claimed is not None and claimed.id == att.id
    record_quiz(term.service, claimed)  # the worker's hook, before the grade is recorded
    assert term.service.queue.finish_graded(
        "w", att.id, outcome(student_id, assignment_id, points, term.out_dir)
    )
    return int(att.id)
