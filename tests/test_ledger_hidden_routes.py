"""Hidden grades stay hidden on every student route (issue 32 §6), through the real `jaxgrade serve`.

The term is prepared on the in-process core (graded through recorded results, helpers/ledger_term.py)
and then served: s01 has two graded attempts of hw5 (`best`, `on_release`, not released) with
distinctive scores, a TA's override, and a TA's per-student regrade (the audit entry that used to
carry the old scores). Every student route, API and page, is read with s01's credentials; none may
show a score, an override's points, or which attempt counts (under `best`, that ranks them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from autograder.service.domain.review import grade_review

from helpers.browserish import Browserish
from helpers.ledger_term import START, make_term, outcome
from helpers.served import Served, call, serve

# 27.5 and 12.5 points (the override makes the first 25); none of these strings is in a page otherwise.
FIRST = {"reduce_sum_rules": 10.0, "gammaln_callback": 10.0, "silu_ffi": 5.0, "ffi_lowering": 2.5}
SECOND = {"reduce_sum_rules": 10.0, "gammaln_callback": 2.5}
SCORE_TEXTS = ("27.5", "12.5", "25.0", "25.00", "7.5")
VISIBLE = "hw2"  # `after_due`, due before the server's real clock: s01 has no attempt there
SCORE_KEYS = {"score", "max_score", "total", "raw_total", "final_total", "late_penalty", "points", "factor"}


@pytest.fixture(scope="module")
def hidden_term(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("hidden-routes")
    term = make_term(root)
    first = term.upload("s01", "hw5", FIRST)
    term.set_time(START + timedelta(minutes=5))
    second = term.upload("s01", "hw5", SECOND)
    grade_review.set_override(term.service, "hw5", "s01", "ffi_lowering", 0.0, "见评语", "ta-anna")
    assert term.service.queue.regrade("s01", actor="ta-anna") == 2  # its audit entry holds the old scores
    for attempt, points in ((first, FIRST), (second, SECOND)):
        claimed = term.service.queue.claim_next("w")
        assert claimed is not None and claimed.id == attempt
        assert term.service.queue.finish_graded("w", attempt, outcome("s01", "hw5", points, term.out_dir))
    term.service.close()
    served = serve(root / "data", "--course", str(root / "course.toml"), "--workers", "0")
    yield {"served": served, "attempts": (first, second)}
    served.stop()


def _numbers_in(doc: Any, path: str = "") -> list[str]:
    """Every place a JSON document holds a score (a number or a non-empty mapping under a score key)."""
    found = []
    if isinstance(doc, dict) and VISIBLE in (doc.get("assignment_id"), doc.get("assignment")):
        return []  # hw2's grades are visible (past its due date): not the hidden assignment's
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k in SCORE_KEYS and v not in (None, {}, []):
                found.append(f"{path}.{k}={v!r}")
            elif k == "exercises" and isinstance(v, dict) and any(x is not None for x in v.values()):
                found.append(f"{path}.exercises={v!r}")
            elif k in {"counted_attempt", "attempt_number", "counted"} and v not in (None, False):
                found.append(f"{path}.{k}={v!r}")  # which attempt counts ranks them under `best`
            else:
                found.extend(_numbers_in(v, f"{path}.{k}"))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            found.extend(_numbers_in(v, f"{path}[{i}]"))
    return found


def _student_api_routes(attempts: tuple[int, int]) -> list[str]:
    routes = ["/api/me/submissions", "/api/me/assignments", "/api/audit", "/api/overrides",
              "/api/overrides/hw5/s01", "/api/regrade-requests", "/api/assignments"]  # fmt: skip
    for a in attempts:
        routes += [f"/api/submissions/{a}", f"/api/submissions/{a}/feedback"]
    return routes


def test_every_student_api_route_hides_scores_and_ranking(hidden_term: dict[str, Any]) -> None:
    served: Served = hidden_term["served"]
    token = served.tokens["s01"]
    for path in _student_api_routes(hidden_term["attempts"]):
        status, headers, body = call(served, "GET", path, token=token)
        assert status in (200, 401, 403, 404), (path, status, body[:300])  # 401/403: a TA route
        text = body.decode("utf-8", "replace")
        assert not [s for s in SCORE_TEXTS if s in text], (path, text[:500])
        if status == 200 and headers.get("content-type", "").startswith("application/json"):
            assert _numbers_in(json.loads(body)) == [], path


def _student_page_routes(attempts: tuple[int, int]) -> list[str]:
    routes = ["/", "/assignments/hw5", "/assignments/hw5/quiz", "/attempts.json"]
    for a in attempts:
        routes += [f"/attempts/{a}", f"/attempts/{a}/feedback"]
    return routes


def test_every_student_page_hides_scores_and_ranking(hidden_term: dict[str, Any]) -> None:
    served: Served = hidden_term["served"]
    client = Browserish(served.url)
    login = client.post_form(
        "/login", {"csrf_token": client.get("/login").csrf(), "token": served.tokens["s01"]}
    )
    assert login.status == 303
    seen = 0
    for path in _student_page_routes(hidden_term["attempts"]):
        reply = client.get(path)
        assert reply.status in (200, 403, 404), (path, reply.status)
        text = reply.text
        assert not [s for s in SCORE_TEXTS if s in text], (path, text[:800])
        # no counted-attempt line, no override marker in a grade table (the audit row of the override
        # stays, with its values blanked: that a TA acted is not a grade)
        assert "计分的是" not in text and "(助教调整" not in text, path
        assert not re.search(r"最终得分\s*\d", text), path
        if path.endswith(".json") and reply.status == 200:
            assert _numbers_in(json.loads(text)) == [], path
        seen += reply.status == 200
    assert seen >= 3  # the home page, the assignment page and the attempt list were really read


def test_a_one_chapter_assignment_asks_only_for_its_chapter(hidden_term: dict[str, Any]) -> None:
    served: Served = hidden_term["served"]
    client = Browserish(served.url)
    client.post_form("/login", {"csrf_token": client.get("/login").csrf(), "token": served.tokens["s01"]})
    page = client.get("/assignments/hw5").text
    hint = re.search(r'<span id="upload-chapters">([^<]*)</span>', page)
    assert hint is not None and "5" in hint.group(1) and "2" not in hint.group(1), page[:2000]
    assert "两章" not in page


def test_the_ta_still_sees_the_scores(hidden_term: dict[str, Any]) -> None:
    """Control: the scores the student routes hide are there for the TA (the walk can see them)."""
    served: Served = hidden_term["served"]
    status, _, body = call(served, "GET", "/api/overrides/hw5/s01", token=served.ta)
    assert status == 200
    doc = json.loads(body)
    assert doc["final_total"] == 25.0 and doc["attempt_number"] == 1 and _numbers_in(doc) != []


def test_the_regrade_page_names_the_release_that_grades_new_uploads(hidden_term: dict[str, Any]) -> None:
    """The page said "the service now serves <--release>", which is not what grades an assignment."""
    served: Served = hidden_term["served"]
    client = Browserish(served.url)
    client.post_form("/login", {"csrf_token": client.get("/login").csrf(), "token": served.ta})
    page = client.get("/ta/regrade-runs")
    assert page.status == 200
    found = re.search(r'<code id="grading-release">([^<]*)</code>', page.text)
    assert found is not None and found.group(1) == "2026-fall" and "now serves" not in page.text
