"""Every view of an attempt's points per exercise reads them from `attempt_scores`, the one place the
service stores them as numbers (docs/service-layers.md "The result contract is a file"): the
attempt as the API and pages show it, the counted attempts, the dashboard's pass rates and the
items page. The test writes other points into `attempt_scores` after the grade and reads them back
through each view, so a view that kept its own copy of the points would show the old ones.
"""

from __future__ import annotations

from pathlib import Path

from autograder.exercises import EXERCISE_IDS
from autograder.model import ReleaseInfo
from autograder.service.domain.core import Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.records import GradedOutcome
from autograder.service.storage import scores
from autograder.service.web.items_page import counted_graded

from helpers.paths import RELEASE


def test_every_view_reads_the_points_from_attempt_scores(tmp_path: Path) -> None:
    (tmp_path / "roster.csv").write_text("student_id,name\ns1,A\n", encoding="utf-8")
    cfg = ServiceConfig(
        data_dir=tmp_path / "data", release=RELEASE, roster=tmp_path / "roster.csv", workers=0
    )
    service = Service(cfg)
    try:
        service.intake.submit("s1", [("x.ipynb", b"{}")])
        claimed = service.queue.claim_next("test")
        assert claimed is not None
        graded = dict.fromkeys(EXERCISE_IDS, 0.0)
        assert service.queue.finish_graded(
            "test", claimed.id, GradedOutcome(0.0, 80.0, "ok", graded, {}, (), "")
        )
        full = ReleaseInfo.load(RELEASE).points
        now = {
            ex: float(full[ex]) if ex == "histogram" else (None if ex == "recompile" else 0.0)
            for ex in EXERCISE_IDS
        }
        with service.engine.begin() as conn:
            scores.replace(conn, claimed.id, now)

        attempt = service.attempt_reads.attempt("s1", claimed.id)
        assert attempt is not None
        assert list(attempt.exercises.items()) == list(now.items())  # the registry's order, as recorded
        counted = service.exports.counted_attempts()["s1"]
        assert counted is not None and counted.exercises == now
        rates = service.exports.dashboard()["exercise_pass_rates"]
        assert rates["histogram"] == 1.0 and rates.get("recompile") is None
        (items,) = counted_graded(service, service.assignment_lookup.first.id)
        assert items.exercises == now
    finally:
        service.close()
