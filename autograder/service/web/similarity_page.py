"""The TA's similarity report in the grader service: `GET /ta/similarity` (and its stylesheet).

The report is the one `jaxgrade similarity` writes (autograder/similarity/), over each roster
student's counted attempt that is graded. `SimilarityRefresher` computes it in a background thread,
never in a request: only after the deadline (at once when there is none), and again whenever the
set of counted attempts changes. The uploaded files are read from the blob store into a private
temp folder and through the grader's own intake; nothing is executed (the service never runs
student code). The page shows the report's HTML (every student string escaped there) with one SVG
histogram of pair similarities per unit (`service/charts.py`), under the pages' strict CSP.
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

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import Response
from markupsafe import Markup

from autograder.service.domain.core import ClaimedAttempt, Service
from autograder.service.storage import db
from autograder.service.web import charts, page_auth, page_kit

LOG = logging.getLogger("jaxgrade.service.similarity")
SOLUTIONS = Path(__file__).resolve().parents[2] / "solutions"  # for "close to the reference solution"
REFRESH_EVERY_S = 60.0

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class Computed:
    report: Any  # autograder.similarity.analyse.Report
    key: tuple[tuple[str, int], ...]  # (student, attempt id) of the counted graded attempts
    computed_at: float
    seconds: float


def _counted_graded(service: Service) -> list[ClaimedAttempt]:
    counted = {
        sid: a for sid, a in service.counted_attempts().items() if a is not None and a.status == "graded"
    }
    if not counted:
        return []
    ids = [a.id for a in counted.values()]
    with service.engine.connect() as conn:
        rows = conn.execute(sa.select(db.attempts).where(db.attempts.c.id.in_(ids))).all()
    return [
        ClaimedAttempt(
            r.id,
            r.student_id,
            r.submitted_at,
            tuple((f["name"], f["sha256"]) for f in json.loads(r.files)),
            r.tries,
        )
        for r in sorted(rows, key=lambda r: r.student_id)
    ]


def compute(service: Service, attempts: list[ClaimedAttempt]) -> Any:
    """The report over `attempts`, read the way `jaxgrade grade` reads them (one entry per student)."""
    from autograder.service.storage.layout import materialise
    from autograder.similarity import analyse, units

    students = []
    with tempfile.TemporaryDirectory(prefix="jaxgrade-similarity-") as tmp:
        for n, attempt in enumerate(attempts):
            folder = Path(tmp) / str(n)
            materialise(service.blobs, attempt, folder)
            students += units.read_students(folder, service.release)
            shutil.rmtree(folder)
    solutions = SOLUTIONS if SOLUTIONS.is_dir() else None
    return analyse.analyse(students, units.subtracted(service.release, solutions))


class SimilarityRefresher:
    """Keeps the latest report; one daemon thread, woken by `start`, `poke` or every `every_s`."""

    def __init__(self, service: Service, *, every_s: float = REFRESH_EVERY_S, clock: Any = time.time) -> None:
        self.service = service
        self.every_s = every_s
        self.clock = clock
        self.latest: Computed | None = None
        self.error: str | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def due(self) -> bool:
        deadline = self.service.cfg.deadline
        return deadline is None or datetime.fromtimestamp(self.clock(), UTC) >= deadline

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

    def refresh_once(self) -> bool:
        """Recompute if due and the counted attempts changed; True when a new report was made."""
        if not self.due():
            return False
        attempts = _counted_graded(self.service)
        key = tuple((a.student_id, a.id) for a in attempts)
        if self.latest is not None and self.latest.key == key:
            return False
        started = time.perf_counter()
        report = compute(self.service, attempts)
        self.latest = Computed(report, key, self.clock(), time.perf_counter() - started)
        self.error = None
        return True

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.refresh_once()
            except Exception as exc:  # a failed refresh must not end the thread: the page says why
                self.error = f"{type(exc).__name__}: {exc}"[:300]
                LOG.exception("similarity refresh failed")
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
            charts.score_histogram(
                scores, 1.0, bins=bins, title=f"{unit.unit}: similarity of every pair compared"
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
    refresher.poke()
    latest = refresher.latest
    if latest is None:
        state = (
            "Not computed yet: the report is made in the background after the deadline."
            if not refresher.due()
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
    context = {"state": state, "error": refresher.error, "report_body": body}
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
