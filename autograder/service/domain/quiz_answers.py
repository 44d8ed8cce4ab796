"""An attempt's quiz answers, read by the trusted service from the uploaded notebook JSON and stored.

    read_files(files, student_id, key, chapters, scratch) -> tuple[QuizScore, ...]
    store(conn, attempt_id, assignment_id, student_id, scores, now)
    record_attempt(engine, releases, assignment, attempt_id, student_id, files, scratch, now)

Nothing is executed: the files are laid out as the batch's intake sees them (same limits, hostile zips
refused), each chapter notebook's quiz answer cells are read as text (`jaxcourse/quiz_answers.py`,
total over any input), and the choice questions are scored through the student's own option order
(`autograder/quiz/score.py`, from the student id the service knows, never one read from the notebook).
Written answers carry their text and a `group_key`: identical answers after normalising whitespace,
punctuation and case share it, so a TA grades the group at once.

An attempt's answers are written once (a later call for the same attempt changes nothing). A written
answer that is word for word one the TAs graded on the student's earlier attempt keeps that grade
(`rubric_grading.carry_identical`, audited).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

import sqlalchemy as sa

from autograder.grade.intake import read_submissions
from autograder.quiz.grading_key import QuizKey, key_file, load_key
from autograder.quiz.key import QuizKeyError, QuizQuestion
from autograder.quiz.score import QuizScore, score_quiz, score_submission
from autograder.service.domain import rubric_grading
from autograder.service.domain.stored_answer import StoredAnswer
from autograder.service.storage import quiz_tables as qt
from autograder.service.storage.layout import LAYOUT_ID, lay_out
from autograder.term.course import Assignment
from jaxcourse.quiz import option_order
from jaxcourse.quiz_answers import LETTERS


def normalise(text: str) -> str:
    """The text two answers must share to be one group: NFKC, case folded, without whitespace,
    punctuation or control characters (so "x.sum()" and "X . sum ( )" group together; "x+y" and
    "x<y" do not: symbols such as + and < stay)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] not in "ZPC")


def group_key(kind: str, status: str, text: str) -> str:
    """sha256 of the normalised text of an answered written question; "" otherwise (a blank or
    missing written answer is its own group: "blank")."""
    if kind != "written":
        return ""
    if status != "answered":
        return "blank"
    return hashlib.sha256(normalise(text).encode("utf-8", "surrogatepass")).hexdigest()


_KEYS: dict[Path, tuple[float, QuizKey | None]] = {}  # release folder -> (key file mtime, key)


def key_of(assignment: Assignment) -> QuizKey | None:
    """The trusted quiz key beside the assignment's release (None: the release has no quiz, or its
    key is unusable, which is the grader's problem and is not read as a student's answer). Read
    again only when the key file changes."""
    release = assignment.release.resolve()
    path = key_file(release)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    cached = _KEYS.get(release)
    if cached is None or cached[0] != mtime:
        try:
            cached = (mtime, load_key(release))
        except QuizKeyError:
            cached = (mtime, None)
        _KEYS[release] = cached
    return cached[1]


def read_files(
    files: Sequence[tuple[str, bytes]],
    student_id: str,
    key: QuizKey,
    chapters: Sequence[str],
    scratch: Path,
) -> tuple[QuizScore, ...]:
    """Every quiz question of `chapters`, read from the attempt's files (laid out in a temporary
    folder under `scratch` and removed on return). A chapter without a notebook reads as missing, or
    as unreadable with intake's reason when intake refused everything the attempt holds."""
    with tempfile.TemporaryDirectory(prefix="jaxgrade-quiz-", dir=scratch) as tmp:
        subs = Path(tmp) / "subs"
        lay_out(subs, LAYOUT_ID, files, 0.0)
        found = read_submissions(subs)
    if not found:  # nothing laid out: every question of the chapters reads as missing
        asked = [chapter for chapter in chapters if key.chapter(chapter)]
        return tuple(s for chapter in asked for s in score_quiz(key, chapter, None, student_id))
    return score_submission(key, found[0], student_id, chapters)


def storable(text: str) -> str:
    """Student text as every database keeps it: PostgreSQL refuses NUL in a text column and no
    driver encodes a lone surrogate, so both become U+FFFD (the answer is kept, the rest intact)."""
    return text.encode("utf-8", "replace").decode("utf-8").replace("\x00", "\ufffd")


def store(
    conn: sa.Connection,
    *,
    attempt_id: int,
    assignment_id: str,
    student_id: str,
    scores: Sequence[QuizScore],
    now: float,
) -> int:
    """Write the attempt's answers (once: an attempt already stored keeps its rows). Returns the rows
    written."""
    a = qt.quiz_answers.c
    if conn.execute(sa.select(sa.func.count()).where(a.attempt_id == attempt_id)).scalar_one():
        return 0
    for s in scores:
        text = storable(s.text)
        inserted = conn.execute(
            qt.quiz_answers.insert().values(
                attempt_id=attempt_id,
                assignment_id=assignment_id,
                student_id=student_id,
                question=s.question,
                kind=s.kind,
                status=str(s.status),
                letters=json.dumps(list(s.letters)),
                chosen=json.dumps(list(s.chosen)),
                text=text,
                group_key=group_key(s.kind, str(s.status), text),
                points=s.points if s.kind == "choice" else None,
                max_points=s.max_points,
                read_at=now,
            )
        )
        if s.kind == "written":
            rubric_grading.free_lease(conn, int(inserted.inserted_primary_key[0]))
    return len(scores)


def record_attempt(
    engine: sa.Engine,
    *,
    assignment: Assignment,
    chapters: Sequence[str],
    attempt_id: int,
    student_id: str,
    files: Sequence[tuple[str, bytes]],
    scratch: Path,
    now: float,
    then: Callable[[sa.Connection], object] | None = None,
) -> int:
    """Read and store one attempt's answers (the worker's hook before an attempt's grade is
    recorded; `quiz_reading.read_attempt` for an attempt graded before). `then` runs in the same
    transaction once answers were stored (the LMS notice). 0 when the release has no quiz key."""
    key = key_of(assignment)
    if key is None:
        return 0
    scores = read_files(files, student_id, key, chapters, scratch)
    with engine.begin() as conn:
        stored = store(
            conn,
            attempt_id=attempt_id,
            assignment_id=assignment.id,
            student_id=student_id,
            scores=scores,
            now=now,
        )
        if stored:  # a word-for-word answer graded on an earlier attempt keeps its grade
            rubric_grading.carry_identical(conn, attempt_id, now)
            if then is not None:
                then(conn)
        return stored


def chosen_texts(
    question: QuizQuestion, answer: StoredAnswer | None, salt: str
) -> tuple[tuple[str, str], ...]:
    """A choice answer's letters, each with the option text it stood for in this student's own
    option order (`jaxcourse.quiz.option_order`, the grader's): what the student's quiz page shows."""
    if answer is None or question.kind != "choice":
        return ()
    order = option_order(question.id, len(question.options), answer.student_id, salt)
    out = []
    for letter in answer.letters:
        pos = LETTERS.find(letter) if len(letter) == 1 else -1
        text = question.options[order[pos]] if 0 <= pos < len(order) else ""
        out.append((letter, text))
    return tuple(out)


def _answer(r: sa.Row) -> StoredAnswer:
    return StoredAnswer(
        id=r.id,
        attempt_id=r.attempt_id,
        student_id=r.student_id,
        question=r.question,
        kind=r.kind,
        status=r.status,
        letters=tuple(json.loads(r.letters)),
        chosen=tuple(json.loads(r.chosen)),
        text=r.text,
        group_key=r.group_key,
        points=r.points,
        max_points=r.max_points,
    )


def of_attempts(conn: sa.Connection, attempt_ids: Sequence[int]) -> list[StoredAnswer]:
    """The stored answers of these attempts, by attempt and question."""
    if not attempt_ids:
        return []
    a = qt.quiz_answers.c
    rows = conn.execute(
        sa.select(qt.quiz_answers)
        .where(a.attempt_id.in_(list(attempt_ids)))
        .order_by(a.attempt_id, a.question)
    ).all()
    return [_answer(r) for r in rows]


def stored_attempts(conn: sa.Connection, attempt_ids: Sequence[int]) -> set[int]:
    """Which of these attempts have their answers stored."""
    if not attempt_ids:
        return set()
    a = qt.quiz_answers.c
    rows = conn.execute(sa.select(a.attempt_id).where(a.attempt_id.in_(list(attempt_ids))).distinct())
    return {r.attempt_id for r in rows}


__all__ = [
    "StoredAnswer",
    "chosen_texts",
    "group_key",
    "key_of",
    "normalise",
    "of_attempts",
    "read_files",
    "record_attempt",
    "store",
    "stored_attempts",
]
