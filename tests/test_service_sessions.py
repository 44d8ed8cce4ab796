"""Sessions end with the token they were made from; ids that fit no database integer are 404 (real
`jaxgrade serve`, SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest

from helpers.browserish import Browserish
from helpers.databases import db_args, db_kind, postgres
from helpers.served import Served, call, serve, serving, write_roster

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


def test_over_https_the_session_cookie_is_host_prefixed_and_secure(tmp_path: Path) -> None:
    with serving(tmp_path, ROSTER, "--workers", "0", "--public-url", "https://grader.example.edu") as s:
        status, headers, _ = call(s, "GET", "/login")
        assert status == 200
        cookie = headers["set-cookie"]
        assert cookie.startswith("__Host-jaxgrade_session="), cookie
        attrs = [a.strip().lower() for a in cookie.split(";")[1:]]
        assert "secure" in attrs and "path=/" in attrs and not any(a.startswith("domain") for a in attrs)


def _fail_logins(client: Browserish, n: int, forwarded_for: str) -> list[int]:
    csrf = client.get("/login").csrf()
    hdrs = {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwarded_for}
    # a new guess each time: the address's count is under test, not one credential tried again
    guesses = (f"guess-{forwarded_for}-{i}" for i in range(n))
    bodies = (urllib.parse.urlencode({"csrf_token": csrf, "token": g}).encode() for g in guesses)
    return [client.request("POST", "/login", body, hdrs).status for body in bodies]


def _log_in_from(client: Browserish, token: str, forwarded_for: str) -> int:
    csrf = client.get("/login").csrf()
    body = urllib.parse.urlencode({"csrf_token": csrf, "token": token}).encode()
    hdrs = {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": forwarded_for}
    return client.request("POST", "/login", body, hdrs).status


def test_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    # Behind the trusted proxy (loopback here): one guesser is throttled, a classmate is not.
    with serving(tmp_path / "proxied", ROSTER, "--workers", "0", "--trusted-proxy", "127.0.0.1") as s:
        assert _fail_logins(Browserish(s.url), 31, "203.0.113.7") == [401] * 30 + [429]
        assert _log_in_from(Browserish(s.url), s.tokens["k02"], "203.0.113.8") == 303
    # Without --trusted-proxy the header is the client's word: rotating it does not escape.
    with serving(tmp_path / "direct", ROSTER, "--workers", "0") as s:
        client = Browserish(s.url)
        codes = [_fail_logins(client, 1, f"203.0.113.{i}")[0] for i in range(31)]
        assert codes == [401] * 30 + [429]
