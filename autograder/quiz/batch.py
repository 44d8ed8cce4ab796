"""The quiz step of `jaxgrade grade` (trusted parent; reads notebooks as JSON, runs nothing).

After the exercises are graded: every student's notebooks go through the same intake as the exercises
(limits, hostile zips), their quiz answer cells are read, choice questions scored, and the records
plus quiz.csv, the grading packet and each student's quiz.md written (autograder/quiz/outputs.py),
and the line-comment packet listing every student's code cells (autograder/quiz/line_comment_packet.py).
A release without a quiz key (`<release>.quiz-key.json` beside it) has no quiz step.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from autograder.grade.gradebook import Gradebook
from autograder.grade.intake import Entry, discover, intake_student
from autograder.messages import malformed
from autograder.quiz import outputs
from autograder.quiz.grading_key import QuizKey, load_key
from autograder.quiz.line_comment_packet import Cell, code_cells, write_packet
from autograder.quiz.records import answers_doc, load_answers, load_manual, quiz_dir, write_json
from autograder.quiz.results_json import with_quiz
from autograder.quiz.score import QuizScore, score_submission


@dataclass(frozen=True)
class QuizBatchSummary:
    students: int
    choice_scored: int  # choice answers scored
    written_pending: int  # written answers without a current TA score
    skipped: tuple[str, ...] = ()  # "<id>: <reason>" of each submission that has no quiz record


def _student_scores(key: QuizKey, sid: str, entries: list[Entry], release_version: str
                    ) -> tuple[tuple[QuizScore, ...], list[Cell]] | str:
    """One student's quiz scores (a submission intake refused has every question unanswered), or why
    they have none: an id intake refuses (`malformed:bad_id`: no visible character, so no id to
    score under) or a record scoring refuses (ValueError). Never raises for one student's input, so
    one bad record never stops the others' quiz output."""
    sub = intake_student(sid, entries, release_version=release_version)
    if sub.status == malformed("bad_id"):
        return sub.status
    try:  # the student's code cells too: the line-comment packet lists them
        return score_submission(key, sub, sid), code_cells(sub)
    except ValueError as exc:  # StudentInputError included
        return f"{type(exc).__name__}: {str(exc)[:200]}"


def safe_ids_from(gb_path: Path, ids: list[str]) -> dict[str, str]:
    """Each student's folder name as the exercise batch chose it (OUT/<safe id>/)."""
    with Gradebook(gb_path) as gb:
        rows = {sid: gb.get(sid) for sid in ids}
    from autograder.grade.gradebook import safe_id

    return {sid: (row.safe_id if row is not None else safe_id(sid)) for sid, row in rows.items()}


def grade_quizzes(submissions: Path, out: Path, release: Path, release_version: str, *,
                  show_answers: bool = False) -> QuizBatchSummary | None:
    key = load_key(release)
    if key is None:
        return None
    students = discover(submissions).students
    scores: dict[str, tuple[QuizScore, ...]] = {}
    cells: dict[str, list[Cell]] = {}
    skipped: list[str] = []
    for sid, entries in sorted(students.items()):
        got = _student_scores(key, sid, entries, release_version)
        if isinstance(got, str):
            skipped.append(f"{sid!r}: {got}")
            print(f"quiz: no quiz record for {sid!r}: {got}", file=sys.stderr)
        else:
            scores[sid], cells[sid] = got
    doc = answers_doc(release_version, scores)
    safe_ids = safe_ids_from(out / "gradebook.sqlite", sorted(scores))
    doc["safe_ids"] = safe_ids
    doc["release_root"] = str(release.resolve())
    write_json(quiz_dir(out) / "answers.json", doc)
    write_packet(out, {safe_ids[sid]: own for sid, own in cells.items()})
    for sid, per in scores.items():  # the exercise batch has just written each results.json afresh
        path = out / safe_ids[sid] / "results.json"
        if path.is_file():
            write_json(path, with_quiz(json.loads(path.read_text(encoding="utf-8")), per))
    return replace(render(out, key, show_answers), skipped=tuple(skipped))


def import_manual(out: Path, packet: Path, *, show_answers: bool = False) -> int:
    """Merge a filled-in packet into OUT/quiz/manual.json and re-render; returns the rows merged.

    Raises ManualImportError (nothing merged) or QuizKeyError / OSError (no quiz batch in OUT).
    """
    from autograder.quiz.manual_import import read_packet
    from autograder.quiz.records import save_manual

    doc = json.loads((quiz_dir(out) / "answers.json").read_text(encoding="utf-8"))
    key = load_key(Path(doc["release_root"]))
    if key is None:
        raise OSError(f"the quiz key of {doc['release_root']} is gone")
    imported = read_packet(packet, key, load_answers(out), doc["safe_ids"])
    manual = load_manual(out)
    for item in imported:
        manual.setdefault(item.student_id, {})[item.question] = item.score
    save_manual(out, manual)
    render(out, key, show_answers)
    return len(imported)


def render(out: Path, key: QuizKey, show_answers: bool) -> QuizBatchSummary:
    """quiz.csv, the packet and the students' quiz.md from the records on disk."""
    doc = json.loads((quiz_dir(out) / "answers.json").read_text(encoding="utf-8"))
    answers, safe_ids = load_answers(out), doc["safe_ids"]
    manual = load_manual(out)
    outputs.write_all(out, key, answers, safe_ids, manual, show_answers)
    choice = sum(1 for per in answers.values() for q in key.questions
                 if q.kind == "choice" and q.id in per)
    pending = sum(1 for sid, per in answers.items() for q in key.questions
                  if q.kind == "written" and q.id in per
                  and outputs.question_points(q, per[q.id], manual.get(sid, {}).get(q.id)) is None)
    return QuizBatchSummary(len(answers), choice, pending)


__all__ = ["QuizBatchSummary", "grade_quizzes", "import_manual", "render"]
