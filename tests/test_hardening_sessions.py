"""Sessions that end (issue 32, section 5): a logout, a TA's removal from the `--tas` list, the idle
and the absolute expiry end a session on the server, whoever still holds its cookie (real
`jaxgrade serve`, SQLite; the session records' store on SQLite and PostgreSQL)."""

from __future__ import annotations

import csv
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest
from itsdangerous import URLSafeTimedSerializer

from autograder.service.domain.identity.session_records import SessionPolicy, SessionRecords
from autograder.service.storage import db
from autograder.service.web import sessions

from helpers.browserish import Browserish
from helpers.databases import db_args, db_kind, postgres
from helpers.served import Served, serving

__all__ = ["db_kind", "postgres"]

ROSTER = "student_id,name,email\nk01,学生一,\n"


def _cookie(client: Browserish) -> tuple[str, str]:
    (cookie,) = [c for c in client.cookies if c.name.endswith("jaxgrade_session")]
    assert cookie.value is not None
    return cookie.name, cookie.value


def _replay(base: str, cookie: tuple[str, str], path: str = "/") -> int:
    """GET with exactly this cookie, as someone who copied it before the session ended."""
    other = Browserish(base)
    return other.request("GET", path, headers={"Cookie": f"{cookie[0]}={cookie[1]}"}).status


def _ta_tokens(data: Path) -> dict[str, str]:
    with (data / "ta-tokens.csv").open(newline="", encoding="utf-8") as f:
        return {r["name"]: r["token"] for r in csv.DictReader(f)}


def test_a_cookie_copied_before_logout_is_refused_after_it(tmp_path: Path) -> None:
    with serving(tmp_path, ROSTER, "--workers", "0") as s:
        student = Browserish(s.url)
        assert student.log_in(s.tokens["k01"]).status == 303
        kept = _cookie(student)
        assert _replay(s.url, kept) == 200
        assert student.post_form("/logout", {"csrf_token": student.get("/").csrf()}).status == 303
        assert _replay(s.url, kept) == 303  # to /login: the session ended on the server
        ta = Browserish(s.url)
        assert ta.log_in(s.ta).status == 303 and ta.get("/ta").status == 200
        kept_ta = _cookie(ta)
        assert ta.post_form("/logout", {"csrf_token": ta.get("/ta").csrf()}).status == 303
        assert _replay(s.url, kept_ta, "/ta") == 303
        assert student.log_in(s.tokens["k01"]).status == 303 and student.get("/").status == 200


def test_a_ta_removed_from_the_list_loses_their_session_and_token(tmp_path: Path) -> None:
    tas = tmp_path / "tas.csv"
    tas.write_text("name\nalice\nbob\n", encoding="utf-8")
    with serving(tmp_path, ROSTER, "--workers", "0", "--tas", str(tas)) as s:
        tokens = _ta_tokens(s.data)
        alice, bob = Browserish(s.url), Browserish(s.url)
        assert alice.log_in(tokens["alice"]).status == 303 and bob.log_in(tokens["bob"]).status == 303
        assert bob.get("/ta").status == 200
    tas.write_text("name\nalice\n", encoding="utf-8")
    with serving(tmp_path, ROSTER, "--workers", "0", "--tas", str(tas)) as restarted:
        alice.base = bob.base = restarted.url
        assert bob.get("/ta").status == 303  # to /login
        assert bob.log_in(tokens["bob"]).status == 401
        assert alice.get("/ta").status == 200  # still on the list: her session lives on


@dataclass
class IdleRun:
    """What a student saw on a server whose sessions end after 5 s idle."""

    login: int
    while_active: list[int]  # every 2 s, three times: more than the idle limit in total
    after_idle: tuple[int, str | None]  # status and Location after 7 s without a request


@dataclass
class MaxAgeRun:
    """What a student saw on a server whose sessions end 6 s after the login, requesting every 0.5 s."""

    login: int
    statuses: list[int]  # for 10 s after the login


def _idle_run(s: Served) -> IdleRun:
    student = Browserish(s.url)
    login = student.log_in(s.tokens["k01"]).status
    active = []
    for _ in range(3):  # active: each request keeps it alive past the idle limit in total
        time.sleep(2)
        active.append(student.get("/").status)
    time.sleep(7)
    reply = student.get("/")
    return IdleRun(login, active, (reply.status, reply.headers.get("Location")))


def _max_age_run(s: Served) -> MaxAgeRun:
    student = Browserish(s.url)
    login = student.log_in(s.tokens["k01"]).status
    started = time.monotonic()
    statuses = []
    while time.monotonic() - started < 10:
        statuses.append(student.get("/").status)
        time.sleep(0.5)
    return MaxAgeRun(login, statuses)


# run -> the server's limit, in seconds: well above a request's time on a loaded machine
LIMITS = {"idle": ("JAXGRADE_SESSION_IDLE_S", "5"), "absolute": ("JAXGRADE_SESSION_MAX_S", "6")}


@pytest.fixture(scope="module")
def session_ends(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Future]]:
    """The idle and the absolute expiry, each on a server of its own, at the same time: both runs wait
    out their server's clock (13 s and 10 s), so side by side they take the longer one's time, not the
    sum. Each limit is set in the environment the server starts with."""
    root = tmp_path_factory.mktemp("session-ends")
    with ExitStack() as servers, ThreadPoolExecutor(2) as pool:
        started = {}
        for name, (var, value) in LIMITS.items():
            env = pytest.MonkeyPatch()
            env.setenv(var, value)
            try:
                started[name] = servers.enter_context(serving(root / name, ROSTER, "--workers", "0"))
            finally:
                env.undo()
        yield {"idle": pool.submit(_idle_run, started["idle"]),
               "absolute": pool.submit(_max_age_run, started["absolute"])}  # fmt: skip


def test_an_idle_session_ends(session_ends: dict[str, Future]) -> None:
    run = session_ends["idle"].result(timeout=300)
    assert run.login == 303
    assert run.while_active == [200, 200, 200], run
    assert run.after_idle == (303, "/login"), run


def test_an_active_session_ends_at_the_absolute_expiry(session_ends: dict[str, Future]) -> None:
    run = session_ends["absolute"].result(timeout=300)
    assert run.login == 303
    statuses = run.statuses
    assert statuses[0] == 200 and statuses[-1] == 303, statuses
    assert sorted(set(statuses)) == [200, 303]


def test_a_cookie_signed_before_session_records_is_refused() -> None:
    secret = b"0123456789abcdef-test-secret"
    old = URLSafeTimedSerializer(secret, salt="jaxgrade.service.session.v1").dumps(
        {"r": "ta", "s": "", "c": "x" * 43, "b": "0" * 32, "t": "ta"}
    )
    assert sessions.SessionSigner(secret).loads(old) is None


def test_records_end_and_expire(db_kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    args = db_args(db_kind, request)
    engine = db.connect(args[1] if args else f"sqlite:///{tmp_path / 'sessions.db'}")
    now = [1000.0]
    records = SessionRecords(engine, lambda: now[0], SessionPolicy(idle_s=100, absolute_s=300))
    a = records.open("student", student_id="k01")
    b = records.open("student", student_id="k01")
    t = records.open("ta", ta_name="alice")
    assert records.is_open(a, "student", student_id="k01")
    assert not records.is_open(a, "student", student_id="k02")  # a record is one person's
    assert not records.is_open(a, "ta", ta_name="k01")
    records.end(a)
    assert not records.is_open(a, "student", student_id="k01") and records.is_open(
        b, "student", student_id="k01"
    )
    assert records.end_for_student("k01", "token_reissued") == 1
    assert not records.is_open(b, "student", student_id="k01")
    for _ in range(5):  # seen every 90 s: never idle, but older than the absolute expiry at the end
        now[0] += 90
        assert records.is_open(t, "ta", ta_name="alice") == (now[0] - 1000 <= 300)
    idle = records.open("ta", ta_name="alice")
    now[0] += 101
    assert not records.is_open(idle, "ta", ta_name="alice")
    assert not records.is_open("", "ta", ta_name="alice") and not records.is_open(
        "nope", "ta", ta_name="alice"
    )
