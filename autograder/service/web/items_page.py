"""Item analysis on the TA dashboard: `GET /ta/items` (and `?run=<id>`: a regrade run's new results).

Over each roster student's counted graded attempt of the assignment (or the graded candidates of a
regrade run, to check a fixed release before publishing it), drawn as server-side SVG:

- the score distribution of the assignment (`charts.score_histogram`);
- per sub-check the pass rate (difficulty, `charts.pass_rate_bars`) and the point-biserial
  correlation with the total (discrimination, `item_charts.signed_bars`), with checks whose
  discrimination is negative or near zero, or that nobody passed, flagged as possibly broken;
- per recompile variant (the call sequence each student predicts, `jaxcourse.variants`), the share
  with full points on `recompile`: is one sequence harder than the others?

The numbers are `item_stats.py`'s, read by `item_analysis_queries.py`; this module only renders.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from autograder import registry
from autograder.model import GraderFault, ReleaseInfo
from autograder.service.domain.core import Service
from autograder.service.domain.course.attempt_reads import fits_id
from autograder.service.domain.entry import item_analysis_queries
from autograder.service.domain.gradebook import item_stats
from autograder.service.web import charts, page_auth, page_kit
from autograder.service.web.item_charts import SignedRow, signed_bars
from autograder.states import AttemptState
from jaxcourse.variants import POOL_FILE, load_pool, variant_index

router = APIRouter(include_in_schema=False)


def counted_graded(service: Service, assignment_id: str) -> list[item_stats.Graded]:
    """Each roster student's counted attempt of the assignment, if it is graded."""
    return item_analysis_queries.counted_graded(service, assignment_id)


def variants(release: ReleaseInfo, student_ids: list[str]) -> dict[str, int]:
    """Student id -> the recompile variant the release gives them ({} if its pool is unusable)."""
    try:
        pool = load_pool(release.root / "jaxcourse" / POOL_FILE.name)
    except (OSError, ValueError, KeyError):
        return {}
    return {sid: variant_index(sid, pool) for sid in student_ids}


def analysis_context(graded: list[item_stats.Graded], release: ReleaseInfo) -> dict[str, Any]:
    items = item_stats.items(graded)
    unreached = item_stats.unreached(graded)
    drawn = [i for i in items if i.exercise not in unreached]  # the table still lists every check
    n = len(graded)
    variant_exercise = next(iter(registry.variant_exercises()), "")  # the pool has one exercise's variants
    full = release.points.get(variant_exercise, 0.0)
    per_variant = item_stats.variant_rates(
        graded, variants(release, [g.student_id for g in graded]), variant_exercise, full
    )
    return {
        "n": n,
        "few": n < item_stats.MIN_N,
        "min_n": item_stats.MIN_N,
        "near_zero": item_stats.NEAR_ZERO,
        "histogram": charts.score_histogram(
            [g.total for g in graded], sum(release.points.values()), title="Total score (points)"
        ),
        "difficulty": charts.pass_rate_bars(
            [charts.RateRow(i.name, i.difficulty) for i in drawn],
            title=f"Difficulty: share of attempts passing each sub-check, n={n}",
            label_width=300,
        ),
        "discrimination": signed_bars(
            [SignedRow(i.name, i.discrimination, i.flag is not None) for i in drawn],
            title="Discrimination: point-biserial r with the total",
        ),
        "variant_chart": charts.pass_rate_bars(
            [charts.RateRow(f"variant {v.variant} (n={v.n})", v.rate) for v in per_variant],
            title=f"{variant_exercise}: share with full points per call-sequence variant",
        ),
        "items": [
            {
                "name": i.name,
                "n": i.n,
                "passed": i.passed,
                "difficulty": f"{i.difficulty:.0%}",
                "discrimination": "—" if i.discrimination is None else f"{i.discrimination:+.2f}",
                "flag": i.flag or "",
            }
            for i in items
        ],  # fmt: skip
        "flagged": [i for i in items if i.flag is not None],
        "unreached": unreached,
        "variants": per_variant,
    }


def quiz_context(service: Service, assignment: Any) -> dict[str, Any]:
    """The counted final totals in percent of the assignment's maximum (the quiz included), and the
    quiz questions' difficulty and discrimination beside the sub-checks' (while its quiz is on)."""
    records = service.exports.ledger.records(assignment.id)
    graded = [r for r in records if r.state == AttemptState.GRADED and r.final_total is not None]
    most = max((r.max_total for r in graded), default=service.exports.max_total(assignment.id))
    shares = [100.0 * (r.final_total or 0.0) / most for r in graded] if most > 0 else []
    stats = item_analysis_queries.quiz_question_stats(service, assignment, records)
    n = max((s.n for s in stats), default=0)
    return {
        "histogram": charts.score_histogram(
            shares, 100.0, title=f"Final total, % of {most:g} points (quiz included)"
        ),
        "quiz_items": [
            {
                "name": s.question,
                "kind": s.kind,
                "n": s.n,
                "difficulty": "—" if s.difficulty is None else f"{s.difficulty:.0%}",
                "discrimination": "—" if s.discrimination is None else f"{s.discrimination:+.2f}",
            }
            for s in stats
        ],
        "quiz_difficulty": charts.pass_rate_bars(
            [charts.RateRow(s.question, s.difficulty) for s in stats],
            title=f"Quiz difficulty: mean share of each question's points, n={n}",
        )
        if stats
        else "",
        "quiz_discrimination": signed_bars(
            [SignedRow(s.question, s.discrimination, False) for s in stats],
            title="Quiz discrimination: Pearson r with the final total",
            label_width=120,
        )
        if stats
        else "",
    }


@router.get("/ta/items")
def items_page(request: Request) -> Response:

    session = page_auth.current_session(request)
    if not session.is_ta:
        return page_kit.redirect(request, "/login")
    service: Service = page_auth.service_of(request)
    run_arg = request.query_params.get("run", "")
    picker = page_kit.assignment_picker(request, service.assignments, "/ta/items")
    assignment = service.assignments[picker.chosen]
    release, scope = service.releases.of(assignment), f"counted graded attempts of {assignment.id}"
    if run_arg:
        run = service.regrades.run(int(run_arg)) if run_arg.isdigit() and fits_id(int(run_arg)) else None
        if run is None:
            return page_kit.error_page(
                request, session, 404, "No such regrade run", f"No run {run_arg!r}.", "/ta"
            )
        try:
            release = ReleaseInfo.load(Path(run.release))
        except GraderFault as exc:
            return page_kit.error_page(request, session, 500, "Release unusable", str(exc), "/ta")
        graded = item_analysis_queries.run_graded(service, run.id)
        scope = f"new results of regrade run #{run.id} under {run.release_version} (counted, unpublished)"
    else:
        graded = counted_graded(service, assignment.id)
    quiz = {} if run_arg else quiz_context(service, assignment)
    context = {
        **analysis_context(graded, release),
        **quiz,
        "scope": scope,
        "release_version": release.version,
        "picker": picker,
    }
    return page_kit.render(request, session, "ta_items.html", context)
