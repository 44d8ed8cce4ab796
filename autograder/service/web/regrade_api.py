"""Regrade runs over the JSON API (TA token only); the same operations as the pages (`regrade_pages.py`).

    GET  /api/regrade-runs                  {"runs": [run], "releases": [name]} (releases one may use)
    POST /api/regrade-runs                  {"assignment_id", "release": name, "scope": counted|all} -> 202
    GET  /api/regrade-runs/{id}             {"run": run, "diff": [row]}
    POST /api/regrade-runs/{id}/publish     -> {"replaced": [attempt], "skipped": [attempt]}; 409 if not ready
    POST /api/regrade-runs/{id}/cancel

`release` names a release folder next to the service's own (`regrade_runs.sibling_releases`): the
API never takes a path. The command line (`jaxgrade serve --regrade-assignment`) takes any folder.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio.to_thread
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from autograder.i18n import _
from autograder.service.domain.core import Refusal, Service
from autograder.service.domain.regrades.regrade_runs import SCOPES, sibling_releases
from autograder.service.web.api import CurrentTa, require_ta, service_of

router = APIRouter(prefix="/api/regrade-runs", dependencies=[Depends(require_ta)])
MAX_BODY = 4096
ACTOR = "ta"  # the TA of DIR/ta-token, when no named TA is known


def release_named(service: Service, name: str) -> Path:
    """The sibling release called `name`; Refusal 422 for any other name (never a path)."""
    for path in sibling_releases(service.cfg.release):
        if path.name == name:
            return path
    raise Refusal(
        422, _("没有这个版本。"), f"no release {name!r} next to {service.cfg.release.resolve().parent}"
    )


def _no_run(run_id: int) -> Refusal:
    return Refusal(404, _("没有这次重新评分。"), f"no regrade run {run_id}")


@router.get("")
def list_runs(request: Request) -> JSONResponse:
    service = service_of(request)
    body = {
        "runs": [r.to_json() for r in service.regrades.runs()],
        "releases": [p.name for p in sibling_releases(service.cfg.release)],
    }
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


@router.post("", status_code=202)
async def start_run(request: Request, ta: CurrentTa) -> JSONResponse:
    raw = await request.body()
    return await anyio.to_thread.run_sync(_start_run, request, ta, raw)  # the run's writes: off the loop


def _start_run(request: Request, ta: str, raw: bytes) -> JSONResponse:
    service = service_of(request)
    try:
        doc = json.loads(raw) if len(raw) <= MAX_BODY else None
    except ValueError:
        doc = None
    if not isinstance(doc, dict) or not isinstance(doc.get("release"), str):
        raise Refusal(400, _("请求格式不对。"), 'body must be {"assignment_id", "release": name, "scope"}')
    assignment_id = doc.get("assignment_id", service.assignment.id)
    scope = doc.get("scope", "counted")
    if not isinstance(assignment_id, str) or scope not in SCOPES:
        raise Refusal(422, _("请求格式不对。"), f"assignment_id must be a string and scope one of {SCOPES}")
    run_id = service.regrades.start(assignment_id, release_named(service, doc["release"]), scope, ta)
    run = service.regrades.run(run_id)
    assert run is not None
    return JSONResponse(run.to_json(), status_code=202, headers={"Location": f"/api/regrade-runs/{run_id}"})


@router.get("/{run_id:int}")
def get_run(request: Request, run_id: int) -> JSONResponse:
    service = service_of(request)
    run = service.regrades.run(run_id)
    if run is None:
        raise _no_run(run_id)
    body = {"run": run.to_json(), "diff": [d.to_json() for d in service.regrades.diff(run_id)]}
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


@router.post("/{run_id:int}/publish")
def publish_run(request: Request, run_id: int, ta: CurrentTa) -> JSONResponse:
    published = service_of(request).regrades.publish(run_id, ta)
    return JSONResponse({"run_id": run_id, "replaced": published.replaced, "skipped": published.skipped})


@router.post("/{run_id:int}/cancel")
def cancel_run(request: Request, run_id: int, ta: CurrentTa) -> JSONResponse:
    service = service_of(request)
    if service.regrades.run(run_id) is None:
        raise _no_run(run_id)
    service.regrades.cancel(run_id, ta)
    return JSONResponse({"run_id": run_id, "status": "cancelled"})
