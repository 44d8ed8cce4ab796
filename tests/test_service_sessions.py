"""Sessions end with the token they were made from; ids that fit no database integer are 404 (real
`jaxgrade serve`, SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from service_server import Browserish, serving
from test_service import Served, call, db_args, db_kind, postgres, serve, write_roster

__all__ = ["db_kind", "postgres"]  # fixtures shared with test_service.py

ROSTER = "student_id,name,email\nk01,学生一,\nk02,学生二,\n"


def test_a_student_session_ends_when_the_token_is_reissued(tmp_path: Path) -> None:
    with serving(tmp_path, ROSTER, "--workers", "0") as server:
        old_token = server.tokens["k01"]
        student, other = Browserish(server.url), Browserish(server.url)
        assert student.log_in(old_token).status == 303 and student.get("/").status == 200
        assert other.log_in(server.tokens["k02"]).status == 303
    with serving(tmp_path, ROSTER, "--workers", "0", "--reissue-token", "k01") as restarted:
        student.base = other.base = restarted.url
        reply = student.get("/")
        assert reply.status == 303 and reply.headers["Location"] == "/login"
        assert other.get("/").status == 200  # k02's token was not reissued: its session lives on
        assert student.log_in(old_token).status == 401
        assert student.log_in(restarted.tokens["k01"]).status == 303 and student.get("/").status == 200


@pytest.fixture(scope="module")
def served(db_kind: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp(f"ids-{db_kind}")
    roster = write_roster(root / "roster.csv", ("b01",))
    s = serve(root / "data", "--roster", str(roster), "--workers", "0", *db_args(db_kind, request))
    request.addfinalizer(s.stop)
    return s


@pytest.mark.parametrize("attempt_id", ["9" * 30, str(2**31), str(2**63), "0", "-1"])
def test_an_id_that_fits_no_database_integer_is_404(served: Served, attempt_id: str) -> None:
    token = served.tokens["b01"]
    for path in (f"/api/submissions/{attempt_id}", f"/api/submissions/{attempt_id}/feedback"):
        status, _, body = call(served, "GET", path, token=token)
        assert status == 404, (path, status, body)
        assert json.loads(body)["message"], body
