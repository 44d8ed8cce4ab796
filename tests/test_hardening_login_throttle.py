"""Log-in throttling that does not lock out the innocent (issue 32, section 5), on a real
`jaxgrade serve`: after 31 failed log-ins from one address (a campus NAT), a valid token from that
address still gets in, while wrong tokens from it are refused with 429; one wrong token tried over
and over is refused without a check after five tries, though its address is under its limit."""

from __future__ import annotations

from pathlib import Path

from autograder.service.domain.identity.login_backoff import CREDENTIAL_FAILURES
from autograder.service.domain.identity.login_throttle import LOGIN_FAILURES_PER_WINDOW

from helpers.browserish import Browserish
from helpers.served import serving

ROSTER = "student_id,name,email\nn01,学生一,\nn02,学生二,\n"


def test_a_valid_token_gets_in_behind_an_address_of_failing_users(tmp_path: Path) -> None:
    with serving(tmp_path, ROSTER, "--workers", "0") as server:
        hall = Browserish(server.url)  # every student of the hall shares this address
        csrf = hall.get("/login").csrf()
        for i in range(LOGIN_FAILURES_PER_WINDOW + 1):
            hall.post_form("/login", {"csrf_token": csrf, "token": f"typo-{i}"})
        wrong = hall.post_form("/login", {"csrf_token": csrf, "token": "another-typo"})
        assert wrong.status == 429 and "登录失败次数太多" in wrong.text
        student = Browserish(server.url)
        reply = student.log_in(server.tokens["n02"])
        assert reply.status == 303 and reply.headers["Location"] == "/", reply.text[:2000]
        assert "学生二(n02)" in student.get("/").shown


def test_one_wrong_token_tried_again_and_again_is_refused_unchecked(tmp_path: Path) -> None:
    with serving(tmp_path, ROSTER, "--workers", "0") as server:
        client = Browserish(server.url)
        csrf = client.get("/login").csrf()
        statuses = [
            client.post_form("/login", {"csrf_token": csrf, "token": "the-same-guess"}).status
            for _ in range(CREDENTIAL_FAILURES + 1)
        ]
        assert statuses == [401] * CREDENTIAL_FAILURES + [429]
        assert CREDENTIAL_FAILURES + 1 < LOGIN_FAILURES_PER_WINDOW  # the address itself is not over
        other = client.post_form("/login", {"csrf_token": csrf, "token": "a-different-guess"})
        assert other.status == 401
        assert Browserish(server.url).log_in(server.tokens["n01"]).status == 303
