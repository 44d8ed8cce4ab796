"""An attempt's quiz answers as the grader scored them, checked and stored.

    checked_scores(data, key) -> tuple[QuizScore, ...]   the worker: the result file's quiz artefact
    record_graded(conn, attempt_id, assignment_id, student_id, data, now)   in the grade's transaction
    store(conn, attempt_id, assignment_id, student_id, scores, now)

The quiz is scored once, by the grader: the grade host reads each chapter notebook's quiz answer
cells as text through intake (`commands/grade_host.py` `quiz_scores`, `autograder/quiz/score.py`:
choice questions through the student's own option order) and lists the scores in its result file
(the `quiz` artefact, grade/result_file.py QUIZ_SCHEMA). The service checks them against the trusted
key (`checked_scores`: questions of the key, its kinds and points, choice points within them,
written ones unscored) and stores what they say; it never reads the upload again to score it.
`read_files` is the same scoring over an upload's files, for the grader's tools and tests.
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
from collections.abc import Sequence
from pathlib import Path

import sqlalchemy as sa

from autograder.grade.intake import read_submissions
from autograder.quiz.grading_key import QuizKey, key_file, load_key
from autograder.quiz.key import QuizKeyError, QuizQuestion
from autograder.quiz.score import QuizScore, score_quiz, score_submission
from autograder.service.domain.quiz import rubric_grading
from autograder.service.domain.quiz.stored_answer import StoredAnswer
from autograder.service.storage import quiz_tables as qt
from autograder.service.storage.layout import LAYOUT_ID, lay_out
from autograder.term.course import Assignment
from autograder.untrusted_json import UntrustedJSONError, loads
from jaxcourse.quiz import option_order
from jaxcourse.quiz_answers import LETTERS, AnswerStatus


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


def key_at(release: Path) -> QuizKey | None:
    """The trusted quiz key beside the release folder `release` (None: no quiz, or an unusable key)."""
    try:
        return load_key(release.resolve())
    except QuizKeyError:
        return None


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


def scores_of(data: bytes) -> tuple[QuizScore, ...]:
    """The quiz artefact's questions (result_file.QUIZ_SCHEMA, checked by the worker) as QuizScores;
    ValueError when they are not."""
    try:
        doc = loads(data)
        return tuple(
            QuizScore(question=str(q["question"]), kind=str(q["kind"]), status=AnswerStatus(q["status"]),
                      max_points=float(q["max_points"]),
                      points=None if q["points"] is None else float(q["points"]),
                      letters=tuple(str(x) for x in q["letters"]), chosen=tuple(int(x) for x in q["chosen"]),
                      text=str(q["text"]), reason_zh=str(q["reason_zh"]))
            for q in doc["questions"]
        )  # fmt: skip
    except (UntrustedJSONError, UnicodeDecodeError, KeyError, TypeError) as exc:
        raise ValueError(f"the quiz artefact is not a list of scored questions: {exc}") from None


def checked_scores(data: bytes, key: QuizKey | None) -> tuple[QuizScore, ...]:
    """The grader's quiz scores, each checked against the trusted key as a result is against its
    release: a question of the key, of its kind, out of its points, a choice question's points
    within them, a written one unscored (a TA grades it), no question twice. ValueError otherwise
    (the worker makes it a grader fault, never a score)."""
    if key is None:
        raise ValueError("quiz scores for a release without a quiz key")
    scores = scores_of(data)
    seen: set[str] = set()
    for s in scores:
        q = key.question(s.question)
        if q is None or q.kind != s.kind or s.question in seen:
            raise ValueError(f"question {s.question[:80]!r} is not one of the key's (or twice)")
        seen.add(s.question)
        if abs(s.max_points - float(q.points)) > 1e-9:
            raise ValueError(f"{s.question}: out of {s.max_points}, the key says {q.points}")
        if s.kind == "written" and s.points is not None:
            raise ValueError(f"{s.question}: a written answer scored by the grader")
        if s.kind == "choice" and (s.points is None or not 0.0 <= s.points <= s.max_points + 1e-9):
            raise ValueError(f"{s.question}: choice points {s.points} not within 0..{s.max_points}")
    return scores


def record_graded(
    conn: sa.Connection, *, attempt_id: int, assignment_id: str, student_id: str, data: bytes, now: float
) -> int:
    """Store the grader's quiz scores of a graded attempt (its `quiz` artefact) in the transaction
    that records the grade; a written answer word for word one graded on the student's earlier
    attempt keeps that grade (audited). Returns the answers stored (0: stored before)."""
    stored = store(conn, attempt_id=attempt_id, assignment_id=assignment_id, student_id=student_id,
                   scores=scores_of(data), now=now)  # fmt: skip
    if stored:
        rubric_grading.carry_identical(conn, attempt_id, now)
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
    "key_at",
    "key_of",
    "normalise",
    "of_attempts",
    "read_files",
    "record_graded",
    "checked_scores",
    "scores_of",
    "store",
    "stored_attempts",
]
