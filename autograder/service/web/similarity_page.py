"""The TA's similarity report in the grader service: `GET /ta/similarity?assignment=<id>` (and its
stylesheet and script).

One report per assignment of the term, picked on the page (a plain GET form: no inline script under
the pages' strict CSP). Each is the one `jaxgrade similarity` writes (autograder/similarity/), over
each roster student's counted attempt of that assignment that is graded, on that assignment's
exercises. `SimilarityRefresher` computes them in a background thread, never in a request: an
assignment's report only after its due date (at once when it has none), and again whenever its set
of counted graded attempts changes (another attempt counts, or the counted one was graded again).
The uploaded files are read from the blob store into a private temp folder and through the
grader's own intake; nothing is executed (the service never runs student code). The grading run's
fingerprints (each attempt's `behaviour` artefact, kept in the blob store when its grade was
recorded: `domain/graded_artefacts.py`) are compared too. The page
shows the report's HTML (every student string escaped there) with one SVG histogram of pair
similarities per unit (`service/charts.py`).
"""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from markupsafe import Markup

from autograder.service.domain.core import ClaimedAttempt, Service
from autograder.service.web import charts, page_auth, page_kit
from autograder.service.web.chart_tables import with_data_table

LOG = logging.getLogger("jaxgrade.service.similarity")
SOLUTIONS = Path(__file__).resolve().parents[2] / "solutions"  # for "close to the reference solution"
REFRESH_EVERY_S = 60.0

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class Computed:
    assignment: str
    report: Any  # autograder.similarity.analyse.Report
    key: tuple[tuple[str, int, float], ...]  # (student, attempt id, graded at) of the counted graded attempts
    computed_at: float
    seconds: float


@dataclass(frozen=True)
class CountedGraded:
    """A roster student's counted attempt of one assignment, graded: its files and grade output."""

    attempt: ClaimedAttempt
    graded_at: float
    artefacts: str | None  # its artefacts' digests (`attempts.artefacts`: the behaviour fingerprints)


def _counted_graded(service: Service, assignment_id: str) -> list[CountedGraded]:
    roster = {s.student_id for s in service.identity.students()}
    by_student = service.attempt_reads.rows_by_student(assignment_id)
    out = []
    for sid in sorted(by_student):
        row = service.counting.counted_row(by_student[sid], assignment_id) if sid in roster else None
        if row is None or row.status != "graded":
            continue
        files = tuple((f["name"], f["sha256"]) for f in json.loads(row.files))
        attempt = ClaimedAttempt(row.id, row.student_id, row.submitted_at, files, row.tries)
        out.append(CountedGraded(attempt, float(row.graded_at or 0.0), row.artefacts))
    return out


def behaviour_of(data: bytes | None) -> tuple[str, dict[str, Any]] | None:
    """(student id, exercise -> fingerprint) of a `behaviour.json`'s bytes, as `read_behaviour_file`
    reads the file; None when malformed (a malformed exercise entry is left out)."""
    from autograder.grade.run.behaviour_read import ExerciseBehaviour
    from autograder.untrusted_json import loads

    try:
        doc = loads(data) if data is not None else None
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != 1 or not isinstance(doc.get("student_id"), str):
        return None
    exercises = doc.get("exercises")
    if not isinstance(exercises, dict):
        return None
    out = {ex: b for ex, raw in exercises.items() if isinstance(ex, str)
           and (b := ExerciseBehaviour.from_json(raw)) is not None}  # fmt: skip
    return doc["student_id"], out


def _behaviour(service: Service, counted: list[CountedGraded]) -> dict[str, Any]:
    """student -> exercise -> fingerprint, from each counted attempt's `behaviour` artefact."""
    from autograder.service.domain import graded_artefacts

    found: dict[str, Any] = {}
    for c in counted:
        read = behaviour_of(graded_artefacts.read(service.blobs, c.artefacts, "behaviour"))
        if read is not None and read[0] == c.attempt.student_id:
            found[read[0]] = read[1]
    return found


def compute(service: Service, counted: list[CountedGraded], assignment_id: str | None = None) -> Any:
    """The report over `counted` attempts of the assignment, read the way `jaxgrade grade` reads them
    (one entry per student), on the assignment's exercises."""
    from autograder.service.storage.layout import materialise
    from autograder.similarity import analyse, units

    assignment = service.assignment_lookup.assignment(assignment_id)
    release = service.releases.of(assignment)
    students = []
    with tempfile.TemporaryDirectory(prefix="jaxgrade-similarity-") as tmp:
        for n, c in enumerate(counted):
            folder = Path(tmp) / str(n)
            materialise(service.blobs, c.attempt, folder)
            students += units.read_students(folder, release)
            shutil.rmtree(folder)
    solutions = SOLUTIONS if SOLUTIONS.is_dir() else None
    return analyse.analyse(students, units.subtracted(release, solutions),
                           units=units.units_of(assignment.exercises), behaviour=_behaviour(service, counted))


class SimilarityRefresher:
    """Keeps each assignment's latest report; one daemon thread, woken by `start`, `poke` or every
    `every_s`, refreshes every assignment in turn."""

    def __init__(self, service: Service, *, every_s: float = REFRESH_EVERY_S, clock: Any = time.time) -> None:
        self.service = service
        self.every_s = every_s
        self.clock = clock
        self.reports: dict[str, Computed] = {}  # assignment id -> its latest report
        self.errors: dict[str, str] = {}  # assignment id -> why its last refresh failed
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def latest(self) -> Computed | None:
        """The first assignment's report (a service without a course file has only that one)."""
        return self.reports.get(self.service.assignment.id)

    @property
    def error(self) -> str | None:
        return self.errors.get(self.service.assignment.id)

    def due(self, assignment_id: str | None = None) -> bool:
        """After the assignment's due date (its own, not a student's extension), or at once without one."""
        due_at = self.service.assignment_lookup.assignment(assignment_id).due_at
        return due_at is None or self.clock() >= due_at

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="similarity", daemon=True)
            self._thread.start()

    def poke(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def refresh_once(self, assignment_id: str | None = None) -> bool:
        """Recompute the assignment's report (None: the first's) if it is due and its counted graded
        attempts changed; True when a new report was made."""
        aid = self.service.assignment_lookup.assignment(assignment_id).id
        if not self.due(aid):
            return False
        counted = _counted_graded(self.service, aid)
        key = tuple((c.attempt.student_id, c.attempt.id, c.graded_at) for c in counted)
        old = self.reports.get(aid)
        if old is not None and old.key == key:
            return False
        started = time.perf_counter()
        report = compute(self.service, counted, aid)
        self.reports[aid] = Computed(aid, report, key, self.clock(), time.perf_counter() - started)
        self.errors.pop(aid, None)
        return True

    def refresh_all(self) -> None:
        for aid in self.service.assignments:
            try:
                self.refresh_once(aid)
            except Exception as exc:  # one failed report must not keep the others or end the thread
                self.errors[aid] = f"{type(exc).__name__}: {exc}"[:300]
                LOG.exception("similarity refresh of %s failed", aid)

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.refresh_all()
            self._wake.wait(self.every_s)
            self._wake.clear()


def _charts(report: Any) -> dict[str, str]:
    out = {}
    for unit in report.units.values():
        if len(unit.compared) < 2:
            continue
        bins = len(unit.histogram)
        scores = [(i + 0.5) / bins for i, count in enumerate(unit.histogram) for _ in range(count)]
        out[unit.unit] = str(
            with_data_table(
                charts.score_histogram(
                    scores, 1.0, bins=bins, title=f"{unit.unit}: similarity of every pair compared"
                )
            )
        )
    return out


@router.get("/ta/similarity")
def similarity_page(request: Request) -> Response:
    from autograder.similarity import report as report_html

    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    refresher: SimilarityRefresher = request.app.state.similarity
    service = refresher.service
    wanted = request.query_params.get("assignment") or service.assignment.id
    if wanted not in service.assignments:
        wanted = service.assignment.id  # an unknown id shows the first assignment, never an error page
    assignment = service.assignments[wanted]
    refresher.poke()
    latest = refresher.reports.get(wanted)
    if latest is None:
        due = (
            datetime.fromtimestamp(assignment.due_at, UTC).strftime("%Y-%m-%d %H:%M UTC")
            if assignment.due_at is not None else ""
        )
        state = (
            "Not computed yet: this assignment's report is made in the background after its due date "
            f"({due})."
            if not refresher.due(wanted)
            else "Being computed in the background; reload this page in a minute."
        )
        body = Markup("")
    else:
        when = datetime.fromtimestamp(latest.computed_at, UTC).strftime("%Y-%m-%d %H:%M UTC")
        state = (
            f"Computed {when} over {len(latest.key)} counted graded attempt(s) in {latest.seconds:.1f} s; "
            "recomputed when a counted attempt changes."
        )
        body = Markup(report_html.body_html(latest.report, _charts(latest.report)))
    picker = [
        {"id": a.id, "title": a.title, "selected": a.id == wanted,
         "ready": a.id in refresher.reports}
        for a in service.assignments.values()
    ]
    context = {"state": state, "error": refresher.errors.get(wanted), "report_body": body,
               "assignments": picker, "assignment": assignment}
    return page_kit.render(request, session, "ta_similarity.html", context)


@router.get("/ta/similarity.js")
def similarity_js(request: Request) -> Response:
    """The report's filter and sort script (a constant), as a file: the pages' CSP allows no inline script."""
    from autograder.similarity.report import SCRIPT

    response = Response(SCRIPT, media_type="text/javascript; charset=utf-8")
    page_kit.secure(response)
    return response


@router.get("/ta/similarity.css")
def similarity_css(request: Request) -> Response:
    from autograder.similarity.report import CSS

    response = Response(CSS, media_type="text/css; charset=utf-8")
    page_kit.secure(response)
    return response
