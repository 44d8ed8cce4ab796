"""Who a browser is: the pages' sessions (signed cookie + CSRF token) and the log-in throttle.

The signing key is made once per data folder (DIR/session-secret, 0600), so sessions survive a
restart and are valid on every service process that shares DIR. A TA session is bound to the TA
token in force: replacing DIR/ta-token ends the TA sessions made with the old one, and a named TA's
session ends when their token is reissued. Every logged-in session also has a server-side record
(`domain/identity/session_records.py`), opened by `start_session` and checked on every request, so a
logout, a reissued token, a TA's removal and the idle and absolute expiry end it. Failed log-ins
are counted in the database (`login_throttle.py`), so the throttle holds across processes.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from starlette.requests import Request

from autograder.service.domain.core import Service
from autograder.service.web.sessions import Role, Session, SessionSigner, new_session

_SIGNERS: dict[Path, SessionSigner] = {}


def service_of(request: Request) -> Service:
    return request.app.state.service


def session_secret(data_dir: Path) -> bytes:
    """The cookie signing key, made once per data folder (0600) so sessions survive a restart."""
    path = data_dir / "session-secret"
    try:
        return bytes.fromhex(path.read_text().strip())
    except FileNotFoundError:
        pass
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    tmp = data_dir / f".session-secret.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    try:
        os.link(tmp, path)  # first writer wins when two processes start at once
    except FileExistsError:
        pass
    finally:
        tmp.unlink()
    return bytes.fromhex(path.read_text().strip())


def signer(request: Request) -> SessionSigner:
    cfg = service_of(request).cfg
    data_dir = Path(cfg.data_dir).resolve()
    if data_dir not in _SIGNERS:
        max_age = int(service_of(request).sessions.policy.absolute_s)
        _SIGNERS[data_dir] = SessionSigner(
            session_secret(data_dir), max_age_s=max_age, https_only=cfg.https_only
        )
    return _SIGNERS[data_dir]


def ta_binding(request: Request) -> str:
    """Fingerprint of the TA token now in force (DIR/ta-token, rewritten when the service replaces the
    token): TA sessions made with an older token end with it."""
    try:
        current = service_of(request).cfg.ta_token_file.read_text(encoding="utf-8").strip()
    except OSError:
        return ""
    return signer(request).bind(current) if current else ""


def named_ta_binding(request: Request, name: str) -> str:
    """Fingerprint of a named TA's token now in force ("" for an unknown TA)."""
    if name == "ta":
        return ta_binding(request)
    digest = service_of(request).identity.ta_token_hash(name)
    return signer(request).bind(digest) if digest else ""


def student_binding(request: Request, student_id: str) -> str:
    """Fingerprint of the student's token now in force: reissuing the token ends the sessions made
    with the old one."""
    digest = service_of(request).identity.token_hash(student_id)
    return signer(request).bind(digest) if digest else ""


def start_session(request: Request, role: Role, *, student_id: str = "", ta_name: str = "") -> Session:
    """A new logged-in session for a student or a named TA, bound to their token now in force and
    with an open server-side record (what the cookie is checked against on every request)."""
    if role == "ta":
        bound = named_ta_binding(request, ta_name)
        record = service_of(request).sessions.open("ta", ta_name=ta_name)
    else:
        bound = student_binding(request, student_id)
        record = service_of(request).sessions.open("student", student_id=student_id)
    return new_session(role, student_id, bound=bound, ta_name=ta_name, record=record)


def end_session(request: Request, session: Session) -> None:
    """Close a logged-in session's record (log-out): its cookie is refused from now on, whoever holds it."""
    if session.record:
        service_of(request).sessions.end(session.record, "logout")


def current_session(request: Request) -> Session:
    """The request's valid session, or a fresh anonymous one."""
    session = signer(request).read(request)
    if session is None:
        return new_session()
    if session.role == "anonymous":
        return session
    if session.is_ta:
        binding = named_ta_binding(request, session.ta_name)
    elif session.is_student:
        binding = student_binding(request, session.student_id)
    else:
        return new_session()
    if not binding or not hmac.compare_digest(session.bound, binding):
        return new_session()
    records = service_of(request).sessions
    role = "ta" if session.is_ta else "student"
    if not records.is_open(session.record, role, student_id=session.student_id, ta_name=session.ta_name):
        return new_session()
    return session


def client_address(request: Request) -> str:
    """The address the log-in throttle counts: the peer, or, when the peer is a `--trusted-proxy`,
    the right-most X-Forwarded-For entry that is not itself a trusted proxy (entries further left
    are whatever the client chose to send)."""
    peer = request.client.host if request.client else "?"
    trusted = service_of(request).cfg.trusted_proxies
    if peer not in trusted:
        return peer
    hops = [h.strip() for h in request.headers.get("x-forwarded-for", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if hop not in trusted:
            return hop
    return peer
