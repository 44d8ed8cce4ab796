"""The TA's similarity report in the grader service: `GET /ta/similarity?assignment=<id>` (and its
stylesheet and script).

One report per assignment of the term, picked on the page (a plain GET form: no inline script under
the pages' strict CSP). Each is the one `jaxgrade similarity` writes (autograder/similarity/), over
each roster student's counted attempt of that assignment that is graded, on that assignment's
exercises. `SimilarityRefresher` computes them in a background thread, never in a request: an
assignment's report only after its due date (at once when it has none), and again whenever its set
of counted graded attempts changes (another attempt counts, or the counted one was graded again).
What a report is made of (the counted graded attempts, their files and fingerprints read from the
blob store) is the domain's query `domain/entry/similarity_report.py`; this module keeps the reports
and serves them. The page
shows the report's HTML (every student string escaped there) with one SVG histogram of pair
similarities per unit (`service/charts.py`).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from markupsafe import Markup

from autograder.service.domain.core import Service
from autograder.service.domain.entry import similarity_report
from autograder.service.web import charts, page_auth, page_kit
from autograder.service.web.chart_tables import with_data_table

LOG = logging.getLogger("jaxgrade.service.similarity")
REFRESH_EVERY_S = 60.0

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class Computed:
    assignment: str
    report: Any  # autograder.similarity.analyse.Report
    key: tuple[tuple[str, int, float], ...]  # (student, attempt id, graded at) of the counted graded attempts
    computed_at: float
    seconds: float


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
        counted = similarity_report.counted_graded(self.service, aid)
        key = tuple((c.attempt.student_id, c.attempt.id, c.graded_at) for c in counted)
        old = self.reports.get(aid)
        if old is not None and old.key == key:
            return False
        started = time.perf_counter()
        report = similarity_report.compute(self.service, counted, aid)
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
