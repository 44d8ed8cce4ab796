"""Browser sessions of the grader service: a signed cookie and a CSRF token per session.

The cookie holds a small signed JSON record (itsdangerous, HMAC-SHA256 with the service secret and a
salt of its own), never a login token: who is logged in (`role` "student" or "ta", `student_id`),
the TA's name for a TA (`ta_name`, what the audit log records), a random CSRF token and the signing
time, and for a logged-in session the id of its server-side record (`domain/identity/session_records.py`:
logout, a token reissue, a TA's removal and the idle and absolute expiry end the record, and with it
the cookie). It is `HttpOnly`, `SameSite=Lax`, `Path=/` and `Secure` whenever the request came over https
(or through a proxy that says so), and expires `max_age_s` after it was last signed (the pages
re-sign it on every page).

Every visitor gets a session, an anonymous one before logging in, so that the login form too carries a
CSRF token (a login CSRF would let another site log a student in as someone else). Logging in or out
issues a fresh session with a fresh CSRF token. A form post is accepted only if its `csrf_token` field
equals the session's token (constant-time comparison).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Literal

from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import Request
from starlette.responses import Response

COOKIE_NAME = "jaxgrade_session"
# Over TLS: the browser keeps a __Host- cookie only if it is Secure, Path=/ and has no Domain, so a
# sibling subdomain or a plain-http page cannot plant or overwrite it.
HOST_COOKIE_NAME = "__Host-jaxgrade_session"
CSRF_FIELD = "csrf_token"
DEFAULT_MAX_AGE_S = 12 * 3600
# v2: cookies carry the session record's id. A v1 cookie fails the signature check and is simply an
# anonymous visitor: its holder logs in again.
_SALT = "jaxgrade.service.session.v2"
# A cookie longer than this is not ours; refusing it early keeps the parser's input bounded.
_MAX_COOKIE_CHARS = 1024

Role = Literal["anonymous", "student", "ta"]


@dataclass(frozen=True)
class Session:
    role: Role
    csrf: str
    student_id: str = ""
    bound: str = ""  # fingerprint of the credential the session was made from (see SessionSigner.bind)
    ta_name: str = ""  # a TA session's TA ("ta": the TA token of DIR/ta-token)
    record: str = ""  # a logged-in session's record id (session_records.py); "" when anonymous

    @property
    def is_student(self) -> bool:
        return self.role == "student" and bool(self.student_id)

    @property
    def is_ta(self) -> bool:
        return self.role == "ta"


def new_session(
    role: Role = "anonymous", student_id: str = "", bound: str = "", ta_name: str = "", record: str = ""
) -> Session:
    """A fresh session with a fresh CSRF token. A logged-in one is made by `page_auth.start_session`,
    which opens its record: one without a record is refused on its next request."""
    if role == "ta" and not ta_name:
        ta_name = "ta"
    return Session(
        role=role, csrf=secrets.token_urlsafe(32), student_id=student_id, bound=bound, ta_name=ta_name,
        record=record,
    )  # fmt: skip


class SessionSigner:
    """Reads and writes the session cookie; one per service (it holds the secret)."""

    def __init__(
        self, secret: bytes | str, *, max_age_s: int = DEFAULT_MAX_AGE_S, https_only: bool = False
    ) -> None:
        self.https_only = https_only
        self.cookie_name = HOST_COOKIE_NAME if https_only else COOKIE_NAME
        if len(secret) < 16:
            raise ValueError("the session secret must be at least 16 bytes")
        self._serializer = URLSafeTimedSerializer(secret, salt=_SALT)
        self._bind_key = hmac.new(
            secret.encode() if isinstance(secret, str) else secret, b"bind", "sha256"
        ).digest()
        self.max_age_s = max_age_s

    def bind(self, credential: str) -> str:
        """A fingerprint of `credential` (keyed, so the cookie reveals nothing about it): a session made
        with it stays valid only while the credential is current."""
        return hmac.new(self._bind_key, credential.encode("utf-8", "surrogatepass"), "sha256").hexdigest()[
            :32
        ]

    def dumps(self, session: Session) -> str:
        return self._serializer.dumps(
            {
                "r": session.role,
                "s": session.student_id,
                "c": session.csrf,
                "b": session.bound,
                "t": session.ta_name,
                "i": session.record,
            }
        )

    def loads(self, value: str | None) -> Session | None:
        """The session in a cookie value, or None if it is missing, tampered with, expired or malformed."""
        if not value or len(value) > _MAX_COOKIE_CHARS:
            return None
        try:
            data = self._serializer.loads(value, max_age=self.max_age_s)
        except BadSignature:  # also covers SignatureExpired
            return None
        if not isinstance(data, dict):
            return None
        role, student_id, csrf, bound = data.get("r"), data.get("s"), data.get("c"), data.get("b", "")
        ta_name, record = data.get("t", ""), data.get("i", "")
        if role not in ("anonymous", "student", "ta") or not isinstance(student_id, str):
            return None
        if not isinstance(csrf, str) or len(csrf) < 32:
            return None
        if (
            (role == "student" and not student_id)
            or not isinstance(bound, str)
            or not isinstance(ta_name, str)
            or not isinstance(record, str)
        ):
            return None
        return Session(
            role=role, csrf=csrf, student_id=student_id, bound=bound, ta_name=ta_name, record=record
        )

    def read(self, request: Request) -> Session | None:
        return self.loads(request.cookies.get(self.cookie_name))

    def write(self, response: Response, request: Request, session: Session) -> None:
        response.set_cookie(
            self.cookie_name,
            self.dumps(session),
            max_age=self.max_age_s,
            path="/",
            secure=self.https_only or is_https(request),
            httponly=True,
            samesite="lax",
        )

    def clear(self, response: Response, request: Request) -> None:
        response.delete_cookie(
            self.cookie_name,
            path="/",
            secure=self.https_only or is_https(request),
            httponly=True,
            samesite="lax",
        )


def is_https(request: Request) -> bool:
    """Whether the browser reached us over https, directly or through a TLS-terminating proxy.

    X-Forwarded-Proto is taken from anyone here: it only decides the cookie's Secure flag, and a
    client that forges it only makes its own cookie stricter.
    """
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return request.url.scheme == "https" or forwarded == "https"


def csrf_ok(session: Session | None, submitted: object) -> bool:
    """Whether a posted CSRF token matches the session's (constant time)."""
    if session is None or not isinstance(submitted, str) or not submitted:
        return False
    return hmac.compare_digest(session.csrf.encode(), submitted.encode())
