"""Students' attempts: accepting an upload, reading attempts back, and which attempt counts.

Every student-facing read takes the caller's student id and answers None for anything that is not
theirs, so the API can say 404 without telling whether the attempt exists.

A term has several assignments (`assignments.py`); an upload goes to one of them (named, or the
only open one), its deadlines are that assignment's (with the student's extension), and the
counted attempt is chosen among the student's attempts of that assignment. Every method taking an
`assignment_id` treats None as the service's first assignment (the one-assignment case).

Durability: `submit` stores every file in the blob store (fsynced) and commits the attempt row
before it returns; only then does the API answer 202. The attempt limit is checked and the row
inserted in one transaction that locks the student's row (`SELECT ... FOR UPDATE` on PostgreSQL),
so two service processes cannot both let an upload past the limit; on SQLite, where one process
serves, a lock in the process does the same.
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from autograder.exercises import CHAPTERS, EXERCISE_IDS
from autograder.grade.gradebook import safe_id
from autograder.i18n import _
from autograder.messages import chapter_zh
from autograder.release.personalise import personalise_notebook
from autograder.service.domain import audit, extensions
from autograder.service.domain.assignments import Releases
from autograder.service.domain.config import ServiceConfig
from autograder.service.domain.upload_rules import check_files
from autograder.service.storage import db
from autograder.service.storage.blobs import BlobStore
from autograder.service.storage.layout import chapters_in_layout, chapters_present
from autograder.service.storage.records import Attempt, refusal
from autograder.states import AttemptState
from autograder.term.counting import Candidate, Counted, Deadlines, counted_attempt, deadlines_for
from autograder.term.course import Assignment


def attempt_of(row: Any, *, named: bool = False) -> Attempt:
    """An `attempts` row as the API shows it (`named`: with its assignment id, in a term)."""
    exercises = json.loads(row.exercises) if row.exercises else {ex: None for ex in EXERCISE_IDS}
    return Attempt(
        id=row.id,
        student_id=row.student_id,
        status=AttemptState(row.status),
        submitted_at=row.submitted_at,
        graded_at=row.graded_at,
        late=bool(row.late),
        score=row.score,
        max_score=row.max_score,
        grade_status=row.grade_status,
        exercises=exercises,
        files=tuple(f["name"] for f in json.loads(row.files)),
        assignment_id=(row.assignment_id or "") if named else None,
    )


# `attempts.id` is a 32-bit integer column on PostgreSQL; a larger id names no attempt (and would
# make the driver raise, a 500, if it reached the query).
MAX_ATTEMPT_ID = 2**31 - 1


def fits_id(attempt_id: int) -> bool:
    return 0 < attempt_id <= MAX_ATTEMPT_ID


def _is_open(assignment: Assignment, now: float) -> bool:
    closes = assignment.closes_at()
    return (assignment.opens_at is None or assignment.opens_at <= now) and (closes is None or now <= closes)


class Submissions:
    def __init__(
        self,
        engine: sa.Engine,
        cfg: ServiceConfig,
        clock: Callable[[], float],
        blobs: BlobStore,
        releases: Releases,
        on_new_work: Callable[[], None],
        assignments: Mapping[str, Assignment],
    ):
        self.engine, self.cfg, self.clock = engine, cfg, clock
        self.blobs, self.releases, self.assignments = blobs, releases, assignments
        self.first = next(iter(assignments.values()))  # the one-assignment case's a1
        self.named = cfg.course is not None  # a term: attempts name their assignment
        self._on_new_work = on_new_work
        self._submit_lock = threading.Lock()  # SQLite: attempt-limit check and insert as one step
        self._chapters_in: Callable[[Path], set[str]] = chapters_in_layout

    def read_chapters_with(self, chapters_in: Callable[[Path], set[str]]) -> None:
        """Intake's reading of an upload laid out on disk goes through `chapters_in` from now on
        (the service's process pool, `intake_pool.py`; by default it runs in the calling thread)."""
        self._chapters_in = chapters_in

    def assignment(self, assignment_id: str | None) -> Assignment:
        """The assignment of this id (None: the first). Raises a 404 Refusal for an unknown one."""
        if assignment_id is None:
            return self.first
        found = self.assignments.get(assignment_id)
        if found is None:
            raise refusal(404, "no_assignment", f"no assignment {assignment_id!r}")
        return found

    def upload_targets(self) -> list[dict[str, Any]]:
        """Every assignment's id, title, chapters and whether it is open now (the rule the inference
        of `upload_target` uses): a client names one and sends only its chapters' notebooks."""
        now = self.clock()
        return [
            {
                "id": a.id,
                "title": a.title,
                "chapters": list(self.releases.chapters(a)),
                "open": _is_open(a, now),
            }
            for a in self.assignments.values()
        ]

    def _open_now(self) -> list[Assignment]:
        now = self.clock()
        return [a for a in self.assignments.values() if _is_open(a, now)]

    def upload_target(self, assignment_id: str | None) -> Assignment | None:
        """The assignment an upload goes to, when the request alone says it: the named one, the only
        assignment, or the only one open now. None: several are open, and the upload's chapters
        will choose (`target_by_chapters`). 403 when none is open."""
        if assignment_id is not None or len(self.assignments) == 1:
            return self.assignment(assignment_id)
        open_now = self._open_now()
        if not open_now:
            raise refusal(403, "nothing_open", "no assignment is open for uploads now")
        return open_now[0] if len(open_now) == 1 else None

    def target_by_chapters(self, present: set[str]) -> Assignment:
        """The one open assignment whose chapters hold every chapter intake finds in the upload
        (`present`; one release's exercises belong to one assignment each, so the chapters name it);
        400 when they name none or several."""
        fitting = [a for a in self._open_now() if present and present <= set(self.releases.chapters(a))]
        if len(fitting) != 1:
            raise refusal(400, "choose_assignment", "several assignments are open: name one (?assignment=ID)")
        return fitting[0]

    # -- accepting an upload

    def check_upload_allowed(self, student_id: str, assignment_id: str | None = None) -> Assignment | None:
        """Raise the Refusal an upload by this student would get now (no such assignment, not open,
        deadline, attempt limit, a full storage quota), before any byte of the body is read; else
        the assignment it goes to (None: the upload's chapters will choose among the open ones).
        Pages call it to explain the form."""
        now = self.clock()
        target = self.upload_target(assignment_id)
        if target is not None:
            self._check_deadline(now, student_id, target)
        with self.engine.connect() as conn:
            self._check_rate(conn, student_id, now)
            self._check_quota(conn, student_id, 0)
        return target

    def _check_quota(self, conn: sa.Connection, student_id: str, incoming: int) -> None:
        """Refuse (413) an upload that would take the student's stored bytes past the quota."""
        quota = self.cfg.max_student_storage_bytes
        listed = conn.execute(sa.select(db.attempts.c.files).where(db.attempts.c.student_id == student_id))
        stored = sum(int(f["size"]) for (files,) in listed for f in json.loads(files))
        if stored + incoming > quota or (incoming == 0 and stored >= quota):
            mb = f"{quota / 2**20:g}"
            raise refusal(413, "storage_quota", f"student storage quota of {mb} MB used up", mb=mb)

    def deadlines(self, student_id: str, assignment_id: str | None = None) -> Deadlines:
        """The student's deadlines for an assignment (their extension's, if any)."""
        assignment = self.assignment(assignment_id)
        with self.engine.connect() as conn:
            ext = extensions.of_student(conn, assignment.id, student_id)
        return deadlines_for(assignment, ext)

    def local_time(self, t: float) -> str:
        """A time for students and TAs, in the time zone of `--deadline` (else UTC), to the minute."""
        tz = self.cfg.deadline.tzinfo if self.cfg.deadline is not None else UTC
        return datetime.fromtimestamp(t, tz).isoformat(timespec="minutes")

    def _check_deadline(self, now: float, student_id: str, assignment: Assignment) -> Deadlines:
        if assignment.opens_at is not None and now < assignment.opens_at:
            when = self.local_time(assignment.opens_at)
            raise refusal(
                403, "not_open_yet", f"{assignment.id} opens at {when}", title=assignment.title, when=when
            )
        deadlines = self.deadlines(student_id, assignment.id)
        if deadlines.closed_at(now):
            closing = deadlines.late_until if deadlines.late_until is not None else deadlines.due_at
            when = self.local_time(closing)  # type: ignore[arg-type]  # closed_at implies one is set
            raise refusal(403, "closed", f"submissions closed at {when}", when=when)
        return deadlines

    def _check_chapters(self, assignment: Assignment, present: Callable[[], set[str]]) -> None:
        """Refuse (422) notebooks of a chapter outside the assignment, as the batch's intake sees them
        (`present()`; an assignment that is its whole release takes any upload, as a single-assignment
        service does)."""
        if self.releases.whole_release(assignment):
            return
        own = self.releases.chapters(assignment)
        foreign = sorted(present() - set(own))
        if foreign:
            raise refusal(
                422,
                "wrong_chapters",
                f"{', '.join(foreign)} not part of assignment {assignment.id} ({', '.join(own)})",
                chapters=_("、").join(chapter_zh(c) for c in foreign),
                title=assignment.title,
                own=_("、").join(chapter_zh(c) for c in own),
            )

    def _check_rate(self, conn: sa.Connection, student_id: str, now: float) -> None:
        limit = self.cfg.max_attempts_per_hour
        a = db.attempts.c
        recent = (
            conn.execute(
                sa.select(a.submitted_at)
                .where(a.student_id == student_id, a.submitted_at > now - 3600)
                .order_by(a.submitted_at)
            )
            .scalars()
            .all()
        )
        if len(recent) >= limit:
            wait = max(1.0, recent[len(recent) - limit] + 3600 - now)
            raise refusal(
                429,
                "rate",
                f"at most {limit} attempts per hour; the next one is allowed in {wait:.0f} s",
                retry_after=wait,
                limit=limit,
                minutes=max(1, round(wait / 60)),
            )

    def check_files(self, files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
        return check_files(files, max_files=self.cfg.max_files, max_upload_bytes=self.cfg.max_upload_bytes)

    def submit(
        self, student_id: str, files: list[tuple[str, bytes]], assignment_id: str | None = None
    ) -> Attempt:
        """Store the files and queue an attempt of the assignment; durable (blobs fsynced, row
        committed) on return.

        Without `assignment_id`, the only open assignment, else the one the upload's chapters name.
        Raises Refusal: 404/400 for no such (or no chosen) assignment, 403 before it opens or after
        the (late) deadline, 429 over the attempt limit, 400/413/422 for an unusable upload or one
        of another assignment's chapters. A notebook that intake will reject is accepted here: its
        attempt is graded to its malformed status, so nothing a student sent is lost.
        """
        now = self.clock()
        checked = self.check_files(files)
        # The chapters intake finds: the upload laid out in the spool and read once, only if asked.
        present = functools.cache(
            lambda: chapters_present(checked, now, self.cfg.spool_dir, self._chapters_in)
        )
        target = self.upload_target(assignment_id) or self.target_by_chapters(present())
        late = self._check_deadline(now, student_id, target).lateness_s(now) > 0
        self._check_chapters(target, present)
        with self._submit_lock, self.engine.begin() as conn:
            # Serialises this student's uploads across processes (PostgreSQL; a no-op on SQLite).
            conn.execute(
                sa.select(db.students.c.student_id)
                .where(db.students.c.student_id == student_id)
                .with_for_update()
            )
            self._check_rate(conn, student_id, now)
            self._check_quota(conn, student_id, sum(len(data) for _unused, data in checked))
            # Blobs only now, under this student's lock: a refused upload keeps no byte.
            stored = [{"name": n, "sha256": self.blobs.put(data), "size": len(data)} for n, data in checked]
            attempt_id = conn.execute(
                db.attempts.insert().values(
                    student_id=student_id,
                    assignment_id=target.id,
                    submitted_at=now,
                    late=late,
                    files=json.dumps(stored),
                    status=AttemptState.QUEUED,
                    tries=0,
                    not_before=0.0,
                )
            ).inserted_primary_key[0]
            audit.record(
                conn,
                actor=audit.student_actor(student_id),
                action="upload",
                assignment_id=target.id,
                student_id=student_id,
                attempt_id=int(attempt_id),
                detail=f"attempt {int(attempt_id)} uploaded" + (" (late)" if late else ""),
                old=None,
                new={"files": [f["name"] for f in stored], "late": late, "status": str(AttemptState.QUEUED)},
                at=now,
            )
        self._on_new_work()
        found = self.attempt(student_id, int(attempt_id))
        assert found is not None
        return found

    # -- the counted attempt (term/counting.py: deadlines, extensions, the late schedule, the policy)

    def counted_detail_of(self, rows: list[Any], assignment_id: str | None = None) -> Counted | None:
        """The counted attempt among `rows` (one student's attempts of the assignment)."""
        if not rows:
            return None
        assignment = self.assignment(assignment_id)
        graded = AttemptState.GRADED
        candidates = [Candidate(r.id, r.submitted_at, r.score if r.status == graded else None) for r in rows]
        return counted_attempt(assignment, self.deadlines(rows[0].student_id, assignment.id), candidates)

    def counted_row(self, rows: list[Any], assignment_id: str | None = None) -> Any | None:
        """The row of the attempt that counts for a student."""
        detail = self.counted_detail_of(rows, assignment_id)
        return None if detail is None else next(r for r in rows if r.id == detail.attempt_id)

    def counted_detail(self, student_id: str, assignment_id: str | None = None) -> Counted | None:
        """The counted attempt of one student with its late factor (None: no attempt)."""
        return self.counted_detail_of(self.rows_by_student(assignment_id).get(student_id, []), assignment_id)

    # -- reading attempts (student side: always scoped to the caller)

    def attempt(self, student_id: str, attempt_id: int) -> Attempt | None:
        """The attempt if it exists and belongs to `student_id`, else None."""
        if not fits_id(attempt_id):
            return None
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(db.attempts).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
        return None if row is None else attempt_of(row, named=self.named)

    def attempts(self, student_id: str, assignment_id: str | None = None) -> list[Attempt]:
        """The student's attempts (of one assignment, or all with None), newest first."""
        a = db.attempts.c
        mine = a.student_id == student_id
        if assignment_id is not None:
            mine = mine & (a.assignment_id == assignment_id)
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.attempts).where(mine).order_by(a.submitted_at.desc(), a.id.desc())
            ).all()
        return [attempt_of(r, named=self.named) for r in rows]

    def feedback_html(self, student_id: str, attempt_id: int) -> str | None:
        """The attempt's feedback.html (the batch's own file) if it is the student's and graded."""
        if not fits_id(attempt_id):
            return None
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(a.out_dir, a.status).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
        if row is None or row.status != AttemptState.GRADED or not row.out_dir:
            return None
        path = Path(row.out_dir) / safe_id(student_id) / "feedback.html"
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            return None

    def exercise_maxima(self, student_id: str, attempt_id: int) -> dict[str, float]:
        """Each exercise's maximum in the release the attempt's result was graded under (its batch
        `results.json`), so a service restarted on another release shows a student the points their
        result was given out of until a regrade is published. {} when not graded or unreadable."""
        if not fits_id(attempt_id):
            return {}
        a = db.attempts.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(a.out_dir, a.status).where(a.id == attempt_id, a.student_id == student_id)
            ).first()
        if row is None or row.status != AttemptState.GRADED or not row.out_dir:
            return {}
        try:
            doc = json.loads((Path(row.out_dir) / safe_id(student_id) / "results.json").read_text("utf-8"))
            maxima: dict[str, float] = {}
            for test in doc["tests"]:
                exercise = str(test["name"]).split(":", 1)[0]
                maxima[exercise] = maxima.get(exercise, 0.0) + float(test["max_score"])
        except (OSError, ValueError, KeyError, TypeError):
            return {}
        return {ex: round(m, 4) for ex, m in maxima.items()}

    def release_notebook(
        self, student_id: str, chapter: str, *, known: bool, assignment_id: str | None = None
    ) -> tuple[str, bytes]:
        """The released student notebook of `chapter` ("ch02"/"ch05") personalised for this student
        (their own per-student variants, e.g. the recompile sequence the grader will judge them on,
        chosen by the login id, never by anything the student typed): (file name, bytes).

        Raises KeyError for an unknown chapter or an unknown student (`known` False), or a chapter
        that is not the assignment's."""
        assignment = self.assignment(assignment_id)
        release = self.releases.of(assignment)
        if chapter not in CHAPTERS or not known or chapter not in self.releases.chapters(assignment):
            raise KeyError(chapter)
        path = release.notebooks[chapter]
        released = json.loads(path.read_text(encoding="utf-8"))
        personal = personalise_notebook(released, student_id, release.root)
        return path.name, (json.dumps(personal, indent=1, ensure_ascii=False) + "\n").encode("utf-8")

    def rows_by_student(self, assignment_id: str | None = None) -> dict[str, list[Any]]:
        """Every attempt row of the assignment, grouped by student, in id order (for the exports)."""
        wanted = self.assignment(assignment_id).id
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.attempts).where(db.attempts.c.assignment_id == wanted).order_by(db.attempts.c.id)
            ).all()
        by: dict[str, list[Any]] = {}
        for r in rows:
            by.setdefault(r.student_id, []).append(r)
        return by
