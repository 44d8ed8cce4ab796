"""Extensions through the real `jaxgrade serve` process, on SQLite and PostgreSQL.

An extension granted after a late attempt makes it on time at once (its late flag, the counted
attempt under `last`, the student's upload window); removing it restores everything. Only the TA
token may touch extensions; bad bodies, unknown students and assignments are refused.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from autograder.service.domain.course.assignments import FIRST_ASSIGNMENT

from helpers.browserish import Browserish
from helpers.databases import (
    db_args,
    db_kind,  # noqa: F401 (parametrises the module over SQLite and PostgreSQL)
    postgres,  # noqa: F401 (the session's PostgreSQL server fixture)
)
from helpers.served import MALFORMED, Served, call, serve, upload, write_roster

A = f"/api/assignments/{FIRST_ASSIGNMENT}"


def at(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


@pytest.fixture(scope="module")
def term(
    db_kind: str,  # noqa: F811 (the imported fixture, by name)
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[dict]:
    root = tmp_path_factory.mktemp(f"term-{db_kind}")
    roster = write_roster(root / "roster.csv", ("e01", "e02", "e03"))
    db = db_args(db_kind, request)

    def started(deadline: datetime) -> Served:
        window = ("--deadline", at(deadline), "--late-until", at(deadline + timedelta(minutes=30)))
        return serve(root / "data", "--roster", str(roster), "--workers", "0", *window, *db)

    # The deadline falls between the two uploads. Rather than wait out a window wide enough for a
    # start-up under load, the service is restarted with a deadline just past the on-time upload
    # (it reads its settings at start-up, and lateness is judged from the attempt's own time).
    served = started(datetime.now(UTC) + timedelta(days=1))
    status, on_time = upload(served, "e01", [("a.ipynb", MALFORMED)])
    assert status == 202
    served.stop()
    deadline = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=1)
    served = started(deadline)
    time.sleep(max(0.0, deadline.timestamp() - time.time() + 0.5))
    status, late = upload(served, "e01", [("b.ipynb", MALFORMED)])
    assert status == 202
    yield {"served": served, "deadline": deadline, "on_time": on_time["id"], "late": late["id"]}
    served.stop()


def ta_json(served: Served, method: str, path: str, body: object | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    status, _, raw = call(
        served, method, path, token=served.ta, body=data, headers={"Content-Type": "application/json"}
    )
    return status, json.loads(raw)


def attempt_late(served: Served, sid: str, attempt_id: int) -> bool:
    status, _, body = call(served, "GET", f"/api/submissions/{attempt_id}", token=served.tokens[sid])
    assert status == 200
    return bool(json.loads(body)["late"])


def test_extension_after_a_late_attempt_makes_it_on_time_and_counted(term: dict) -> None:
    served, deadline = term["served"], term["deadline"]
    assert attempt_late(served, "e01", term["on_time"]) is False
    assert attempt_late(served, "e01", term["late"]) is True
    status, before = ta_json(served, "GET", f"{A}/students/e01")
    assert status == 200 and before["extension"] is None
    assert before["counted"]["attempt_id"] == term["on_time"]  # `last`, on-time attempts first
    new_due = deadline + timedelta(hours=2)
    status, after = ta_json(
        served,
        "PUT",
        f"{A}/extensions/e01",
        {"due_at": at(new_due), "late_until": at(new_due + timedelta(hours=1))},
    )
    assert status == 200, after
    assert after["deadlines"]["due_at"] == new_due.isoformat().replace("+00:00", "Z")
    assert after["counted"]["attempt_id"] == term["late"] and after["counted"]["late"] is False
    assert after["counted"]["factor"] == 1.0
    assert attempt_late(served, "e01", term["late"]) is False  # the student sees it at once
    status, removed = ta_json(served, "DELETE", f"{A}/extensions/e01")
    assert status == 200 and removed["extension"] is None
    assert removed["counted"]["attempt_id"] == term["on_time"] and attempt_late(served, "e01", term["late"])


def test_extension_sets_the_students_own_upload_window(term: dict) -> None:
    served, deadline = term["served"], term["deadline"]
    closed = deadline - timedelta(minutes=5)
    status, doc = ta_json(served, "PUT", f"{A}/extensions/e02", {"due_at": at(closed), "late_until": None})
    assert status == 200 and doc["deadlines"]["late_until"] is None
    status, refused = upload(served, "e02", [("c.ipynb", MALFORMED)])
    assert status == 403 and "截止" in refused["message_zh"]
    assert upload(served, "e03", [("c.ipynb", MALFORMED)])[0] == 202  # others keep the course's window
    assert ta_json(served, "DELETE", f"{A}/extensions/e02")[0] == 200
    status, accepted = upload(served, "e02", [("c.ipynb", MALFORMED)])
    assert status == 202 and attempt_late(served, "e02", accepted["id"])


@pytest.mark.parametrize(
    ("path", "body", "want"),
    [
        (f"{A}/extensions/e03", {"due_at": "tomorrow"}, 422),
        (f"{A}/extensions/e03", {"due_at": "2026-12-20T23:59:00"}, 422),  # no UTC offset
        (
            f"{A}/extensions/e03",
            {"due_at": "2026-12-20T23:59:00Z", "late_until": "2026-12-19T00:00:00Z"},
            422,
        ),
        (f"{A}/extensions/e03", {"late_until": None}, 400),
        (f"{A}/extensions/e03", {"due_at": "2026-12-20T23:59:00Z", "extra": 1}, 400),
        (f"{A}/extensions/nobody", {"due_at": "2026-12-20T23:59:00Z"}, 404),
        ("/api/assignments/zz/extensions/e03", {"due_at": "2026-12-20T23:59:00Z"}, 404),
    ],
)
def test_bad_extension_requests_are_refused(term: dict, path: str, body: dict, want: int) -> None:
    status, doc = ta_json(term["served"], "PUT", path, body)
    assert status == want and doc["message_zh"], doc
    assert ta_json(term["served"], "GET", f"{A}/students/e03")[1]["extension"] is None


def test_only_the_ta_token_reaches_the_term_api(term: dict) -> None:
    served = term["served"]
    body = json.dumps({"due_at": "2030-01-01T00:00:00Z"}).encode()
    for token in (None, served.tokens["e03"]):
        assert call(served, "PUT", f"{A}/extensions/e03", token=token, body=body)[0] == 401
        assert call(served, "GET", f"{A}/students/e03", token=token)[0] == 401
        assert call(served, "GET", "/api/assignments", token=token)[0] == 401
    status, listed = ta_json(served, "GET", "/api/assignments")
    assert status == 200 and [a["id"] for a in listed] == [FIRST_ASSIGNMENT]  # type: ignore[index]


def test_extensions_csv_import_is_all_or_nothing(term: dict) -> None:
    served = term["served"]
    good = "student_id,due_at,late_until\ne03,2030-01-01T00:00:00Z,2030-01-02T00:00:00Z\n"
    bad = "student_id,due_at\ne03,2031-01-01T00:00:00Z\nnobody,2031-01-01T00:00:00Z\n"
    headers = {"Content-Type": "text/csv"}
    status, _, body = call(
        served, "POST", f"{A}/extensions.csv", token=served.ta, body=good.encode(), headers=headers
    )
    assert status == 200 and json.loads(body) == {"granted": ["e03"]}
    assert ta_json(served, "GET", f"{A}/students/e03")[1]["extension"]["due_at"] == "2030-01-01T00:00:00Z"
    status, _, body = call(
        served, "POST", f"{A}/extensions.csv", token=served.ta, body=bad.encode(), headers=headers
    )
    assert status == 422 and "nobody" in json.loads(body)["message"]
    assert ta_json(served, "GET", f"{A}/students/e03")[1]["extension"]["due_at"] == "2030-01-01T00:00:00Z"
    assert ta_json(served, "DELETE", f"{A}/extensions/e03")[0] == 200


def test_home_page_shows_the_students_own_deadline(term: dict) -> None:
    served, deadline = term["served"], term["deadline"]
    new_due = deadline + timedelta(days=2)
    assert (
        ta_json(served, "PUT", f"{A}/extensions/e01", {"due_at": at(new_due), "late_until": None})[0] == 200
    )
    try:
        pages = {}
        for sid in ("e01", "e02"):
            client = Browserish(served.url)
            assert client.log_in(served.tokens[sid]).status == 303
            pages[sid] = client.get("/").text
        # in the course's time zone (here its deadline's, UTC), with the zone named
        assert f"{new_due:%Y-%m-%dT%H:%M} (UTC)" in pages["e01"] and "记为迟交" not in pages["e01"]
        assert f"{deadline:%Y-%m-%dT%H:%M} (UTC)" in pages["e02"] and "记为迟交" in pages["e02"]
    finally:
        assert ta_json(served, "DELETE", f"{A}/extensions/e01")[0] == 200
