"""Random and boundary requests on every HTML page route of a real `jaxgrade serve` (SQLite).

The JSON API has Schemathesis (test_service_fuzz.py); the pages parse their forms and paths by hand,
so Hypothesis builds the requests here: every non-API route of the app as it is assembled
(`create_app`), with random path values (huge integers, text, traversal), query strings and bodies
(url-encoded forms with the caller's real CSRF token or a wrong one, multipart, raw bytes), as
nobody, a logged-in student (pf01) and the logged-in TA. Properties: no 5xx; a refusal still has a
body; a student's pages never show another student (pf02, who has an attempt of their own; a refusal
may name the id the student asked for). Bounded: a few examples per route and caller.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.browserish import Browserish
from helpers.served import Served, call, serving

ROSTER = "student_id,name,email\npf01,学生甲,\npf02,学生乙,\n"
EXAMPLES_PER_ROUTE = 5
PARAM = re.compile(r"\{([^}:]+)(?::([^}]+))?\}")


def page_routes() -> list[tuple[str, str]]:
    """(method, path template) of every route the app serves outside /api/."""
    from autograder.service.app.app import routers

    out = set()
    for router in routers():
        for route in router.routes:
            path, methods = getattr(route, "path", ""), getattr(route, "methods", None) or set()
            if not path.startswith("/api/"):
                out |= {(m, path) for m in methods if m in ("GET", "POST")}
    return sorted(out)


ROUTES = page_routes()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(
        tmp_path_factory.mktemp("pagefuzz"), ROSTER, "--workers", "0", "--max-attempts-per-hour", "500"
    ) as s:
        nb = [("hw.ipynb", b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')]
        assert call(s, "POST", "/api/submissions", token=s.tokens["pf02"], files=nb)[0] == 202
        yield s


path_value = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["1", "0", "ch02", "ch05", "pf02", "a1", "..", "%2e%2e", "style.css", "poll.js"]),
    st.text(max_size=40).map(lambda t: urllib.parse.quote(t, safe="")),
)
field_names = st.sampled_from(["csrf_token", "token", "student_id", "exercise", "comment", "due_at", "x"])
form = st.dictionaries(field_names, st.text(max_size=300), max_size=5)
query = st.dictionaries(
    st.sampled_from(["regraded", "student", "exercise", "a", "page"]), st.text(max_size=50), max_size=3
)
raw_body = st.tuples(
    st.sampled_from(
        ["application/x-www-form-urlencoded", "multipart/form-data; boundary=zz", "text/plain", ""]
    ),
    st.binary(max_size=2000),
)


def _client(served: Served, caller: str) -> Browserish:
    client = Browserish(served.url)
    token = {"nobody": None, "student": served.tokens["pf01"], "ta": served.ta}[caller]
    if token is not None:
        assert client.log_in(token).status == 303
    return client


def _path(template: str, values: list[str]) -> str:
    it = iter(values)
    return PARAM.sub(lambda _m: next(it, "1"), template)


@pytest.mark.parametrize("caller", ["nobody", "student", "ta"])
@pytest.mark.parametrize(("method", "template"), ROUTES)
def test_page_fuzz(served: Served, caller: str, method: str, template: str) -> None:
    @settings(max_examples=EXAMPLES_PER_ROUTE, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        values=st.lists(path_value, min_size=3, max_size=3),
        q=query,
        fields=form,
        raw=raw_body,
        real_csrf=st.booleans(),
        use_raw=st.booleans(),
    )
    def one(values, q, fields, raw, real_csrf, use_raw) -> None:  # noqa: ANN001
        # A log-in or log-out replaces the session: those start from a fresh one every time.
        client = _client(served, caller) if template in ("/login", "/logout") else clients[-1]
        path = _path(template, values) + ("?" + urllib.parse.urlencode(q) if q else "")
        if method == "GET":
            reply = client.get(path)
        elif use_raw:
            headers = {"Content-Type": raw[0]} if raw[0] else {}
            reply = client.request("POST", path, raw[1], headers)
        else:
            if real_csrf and caller != "nobody":
                fields = {
                    **fields,
                    "csrf_token": _csrf(client, caller),
                }
            reply = client.post_form(path, fields)
        where = f"{method} {path} as {caller}: {reply.status} {reply.body[:300]!r}"
        assert reply.status < 500, where
        # a trailing slash where a route has none is the framework's 307 to that route, with a Location
        redirected = reply.status in (307, 308) and bool(reply.headers.get("location"))
        assert reply.status in (200, 204, 303, 304) or reply.body or redirected, where
        if caller == "student":
            assert "学生乙".encode() not in reply.body, where
            # A refusal may name what was asked for (`/assignments/pf02/quiz`: no such assignment, 404);
            # a page that answers never shows the other student's id.
            sent = (b"pf02" in raw[1] if use_raw else "pf02" in str(fields)) if method == "POST" else False
            asked = "pf02" in path or sent
            if not (asked and reply.status >= 400):
                assert b"pf02" not in reply.body, where

    clients = [_client(served, caller)]
    one()


def _csrf(client: Browserish, caller: str) -> str:
    """The session's CSRF token, as its home page (student) or dashboard (TA) carries it."""
    if not hasattr(client, "csrf_token"):
        client.csrf_token = client.get("/" if caller == "student" else "/ta").csrf()  # type: ignore[attr-defined]
    return client.csrf_token  # type: ignore[attr-defined]


def test_every_page_route_is_fuzzed() -> None:
    templates = {t for _, t in ROUTES}
    assert {"/", "/login", "/logout", "/submit", "/ta", "/attempts/{attempt_id:int}"} <= templates, templates


def test_a_refusal_names_only_what_the_student_asked_for(served: Served) -> None:
    """The case the fuzzing found: a student asking for an assignment named like another student gets
    the not-found page (the quiz's names what was asked), with nothing of that student."""
    client = _client(served, "student")
    for path in ("/assignments/pf02/quiz", "/assignments/pf02"):
        reply = client.get(path)
        assert reply.status == 404, (path, reply.status)
        assert "学生乙".encode() not in reply.body, (path, reply.body[:500])
        assert "找不到".encode() in reply.body
