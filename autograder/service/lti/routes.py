"""The `/lti` routes of `jaxgrade serve`."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from autograder.service.lti import keys

router = APIRouter(prefix="/lti")


@router.get("/jwks")
def jwks(request: Request) -> JSONResponse:
    """The tool's public keys; platforms fetch them to check the tool's signed messages."""
    engine = request.app.state.service.engine
    return JSONResponse(keys.jwks(engine), headers={"Cache-Control": "public, max-age=300"})
