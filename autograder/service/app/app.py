"""The FastAPI application of `jaxgrade serve`: the JSON API, the pages and the grading workers.

`app.state.service` is the one `Service` both routers use. Workers run in this process as threads
that each supervise `jaxgrade grade` subprocesses; no student code runs here.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from autograder.service.domain.core import Refusal, Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.domain.gradebook import lti_outbox as lti_outbox
from autograder.service.domain.lti import registration_links as lti_links
from autograder.service.records import refusal
from autograder.service.storage.intake_pool import IntakePool
from autograder.service.web import api
from autograder.service.web.body_limit import BodyLimit
from autograder.service.web.lti import routes as lti_routes
from autograder.service.web.lti import ta as lti_ta
from autograder.service.web.uploads import ENVELOPE_BYTES, too_large


def routers() -> list[APIRouter]:
    """Every router the app serves, in order (the page fuzz test walks them all)."""
    from autograder.service.web import (
        archive_routes,
        audit_api,
        extensions_page,
        items_page,
        line_comments,
        overrides_api,
        pages,
        quiz_api,
        regrade_api,
        regrade_pages,
        requests_api,
        review_pages,
        rubric_pages,
        similarity_page,
        ta_attempt_page,
        term_api,
        term_pages,
    )

    return [
        api.router,
        term_api.router,
        pages.router,
        lti_routes.router,
        lti_ta.router,
        similarity_page.router,
        regrade_api.router,
        regrade_pages.router,
        items_page.router,
        term_pages.router,
        extensions_page.router,
        archive_routes.router,
        archive_routes.api_router,
        audit_api.router,
        overrides_api.router,
        requests_api.router,
        review_pages.router,
        rubric_pages.router,
        quiz_api.router,
        ta_attempt_page.router,
        line_comments.router,
    ]


def create_app(cfg: ServiceConfig, *, service: Service | None = None) -> FastAPI:
    from autograder.service.app.worker import WorkerPool
    from autograder.service.web import similarity_page

    service = service if service is not None else Service(cfg)
    pool = WorkerPool(service, cfg.workers)
    similarity = similarity_page.SimilarityRefresher(service)
    lti_sender = lti_outbox.Sender(service.engine)  # scores on their way to the LMS (LTI AGS)
    intake = IntakePool()  # intake's CPU-heavy reading of uploads, off this process (intake_pool.py)
    service.intake.read_chapters_with(intake.chapters_in)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lti_links.redact_access_log()  # uvicorn has configured its loggers by now
        intake.warm()
        pool.start()
        similarity.start()
        lti_sender.start()
        try:
            yield
        finally:
            lti_sender.stop()
            similarity.stop()
            pool.stop()
            intake.close()
            service.close()

    app = FastAPI(title="jaxgrade", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.service = service
    app.state.workers = pool
    app.state.similarity = similarity
    app.state.intake_pool = intake

    @app.exception_handler(Refusal)
    async def on_refusal(_request: Request, exc: Refusal) -> Response:
        return api.refusal_response(exc)

    # The framework's own refusals (no such route or method, a path/query that does not parse) speak
    # the API's refusal format too: JSON with a message, as every client of /api expects.
    @app.exception_handler(HTTPException)
    async def on_http_error(request: Request, exc: HTTPException) -> Response:
        if not request.url.path.startswith("/api/"):
            return await http_exception_handler(request, exc)
        key = "not_found" if exc.status_code == 404 else "bad_request"
        return api.refusal_response(refusal(exc.status_code, key, str(exc.detail)))

    @app.exception_handler(RequestValidationError)
    async def on_bad_request(_request: Request, exc: RequestValidationError) -> Response:
        where = "; ".join(".".join(map(str, e.get("loc", ()))) for e in exc.errors()[:5])
        return api.refusal_response(refusal(422, "bad_request", f"invalid request: {where}"))

    @app.middleware("http")
    async def bounded_bodies(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        # Every route: a declared body over the cap is refused before anything reads it.
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > cfg.max_upload_bytes + ENVELOPE_BYTES:
            return api.refusal_response(too_large(cfg.max_upload_bytes))
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    for router in routers():
        app.include_router(router)
    # Every body counted as it streams in, chunked or not (body_limit.py)
    app.add_middleware(BodyLimit, upload_bytes=cfg.max_upload_bytes + ENVELOPE_BYTES)
    return app
