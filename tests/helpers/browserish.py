"""A small cookie-keeping HTTP client (stdlib only) that posts forms like a browser, for the service's
pages (start the service with served.serving)."""

from __future__ import annotations

import html
import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import Message


@dataclass(frozen=True)
class Reply:
    status: int
    headers: Message
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    @property
    def shown(self) -> str:
        """The page's text without its tags (entities decoded): what a reader sees, so that a fragment
        marked with its own language (<span lang="zh-CN">) reads as the words around it."""
        return html.unescape(re.sub(r"<[^>]*>", "", self.text))

    def csrf(self) -> str:
        m = re.search(r'name="csrf_token" value="([^"]+)"', self.text)
        assert m, "no CSRF token in the page"
        return m.group(1)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


class Browserish:
    """Keeps cookies like a browser; never follows redirects, so tests see each 303."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect
        )

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Reply:
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=headers or {})
        try:
            with self._opener.open(req, timeout=60) as r:
                return Reply(r.status, r.headers, r.read())
        except urllib.error.HTTPError as err:
            with err:
                return Reply(err.code, err.headers, err.read())

    def get(self, path: str) -> Reply:
        return self.request("GET", path)

    def post_form(self, path: str, fields: dict[str, str]) -> Reply:
        body = urllib.parse.urlencode(fields).encode()
        return self.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})

    def post_files(self, path: str, fields: dict[str, str], files: Sequence[tuple[str, bytes]]) -> Reply:
        boundary = uuid.uuid4().hex
        chunks: list[bytes] = []
        for name, value in fields.items():
            chunks.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            )
        for filename, data in files:
            chunks.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{filename}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n".encode()
                + data
                + b"\r\n"
            )
        chunks.append(f"--{boundary}--\r\n".encode())
        return self.request(
            "POST", path, b"".join(chunks), {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        )

    def log_in(self, token: str) -> Reply:
        page = self.get("/login")
        return self.post_form("/login", {"csrf_token": page.csrf(), "token": token})
