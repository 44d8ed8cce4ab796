"""Schemathesis over the JSON API's OpenAPI schema, against a real `jaxgrade serve` (SQLite).

Bounded: a few examples per route and caller, no shrinking past the budget. Callers: nobody, a
student (fz01), the TA. Every case is sent twice: as generated (with Content-Length) and with its
body chunked (Transfer-Encoding: chunked, no Content-Length), the form the service's byte-stream
body limit exists for. Properties: no 5xx; every refusal is JSON with a message; a student's
answers never name another student (fz02, who has an attempt of their own)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
import requests
import schemathesis
from fastapi.openapi.utils import get_openapi
from hypothesis import HealthCheck, Phase, settings

from autograder.service.web import api, audit_api, overrides_api, regrade_api, requests_api, term_api

from helpers.served import Served, call, serve, write_roster

ROUTES = [
    *api.router.routes,
    *audit_api.router.routes,
    *overrides_api.router.routes,
    *requests_api.router.routes,
    *term_api.router.routes,
    *regrade_api.router.routes,
]
SCHEMA = schemathesis.openapi.from_dict(
    get_openapi(title="jaxgrade", version="1", openapi_version="3.1.0", routes=ROUTES)
)
CALLERS = ("nobody", "student", "ta")
SENDING = ("as_generated", "chunked")
EXAMPLES_PER_ROUTE = 10


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("fuzz")
    roster = write_roster(root / "roster.csv", ("fz01", "fz02"))
    s = serve(root / "data", "--roster", str(roster), "--workers", "0", "--max-attempts-per-hour", "50")
    nb = [("hw.ipynb", b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')]
    for sid in ("fz01", "fz02"):
        assert call(s, "POST", "/api/submissions", token=s.tokens[sid], files=nb)[0] == 202
    yield s
    s.stop()


def _headers(served: Served, caller: str) -> dict[str, str]:
    token = {"nobody": None, "student": served.tokens["fz01"], "ta": served.ta}[caller]
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def _chunked(body: bytes) -> Iterator[bytes]:
    """The body in a few pieces: requests sends a generator with Transfer-Encoding: chunked."""
    step = max(1, len(body) // 3)
    for i in range(0, len(body), step):
        yield body[i : i + step]


def _send(case, served: Served, headers: dict[str, str], sending: str) -> requests.Response:  # type: ignore[no-untyped-def]
    if sending == "as_generated":
        return case.call(base_url=served.url, headers=headers, timeout=60)
    kwargs = case.as_transport_kwargs(base_url=served.url, headers=headers)
    if "json" in kwargs:
        kwargs["data"] = json.dumps(kwargs.pop("json")).encode()
        kwargs["headers"] = {**kwargs.get("headers", {}), "Content-Type": "application/json"}
    if isinstance(kwargs.get("data"), str):
        kwargs["data"] = kwargs["data"].encode()
    if isinstance(kwargs.get("data"), bytes):
        kwargs["data"] = _chunked(kwargs["data"])
        kwargs["headers"] = {k: v for k, v in kwargs["headers"].items() if k.lower() != "content-length"}
    return requests.request(**kwargs, timeout=60)


@pytest.mark.parametrize("sending", SENDING)
@pytest.mark.parametrize("caller", CALLERS)
@SCHEMA.parametrize()
@settings(
    max_examples=EXAMPLES_PER_ROUTE,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_api_fuzz(case, served: Served, caller: str, sending: str) -> None:  # type: ignore[no-untyped-def]
    headers = {**(case.headers or {}), **_headers(served, caller)}
    response = _send(case, served, headers, sending)
    where = (
        f"{case.method} {case.formatted_path} as {caller}, {sending}: "
        f"{response.status_code} {response.text[:300]}"
    )
    assert response.status_code < 500, where
    if response.status_code >= 400:
        doc = json.loads(response.text)
        assert isinstance(doc, dict) and isinstance(doc.get("message"), str) and doc["message"], where
    if caller == "student":
        assert "fz02" not in response.text, where


def test_the_schema_covers_every_api_route() -> None:
    paths = set(SCHEMA.raw_schema["paths"])
    # a path convertor ({run_id:int}) is not part of the OpenAPI path
    routes = {re.sub(r":\w+}", "}", r.path) for r in ROUTES}  # type: ignore[attr-defined]
    assert paths == routes and "/api/submissions/{attempt_id}" in paths, (paths, routes)
