"""pylti1p3's HTTP client, routed through the one guard (net_guard.fetch).

pylti1p3 fetches the platform's keys (at a launch), access tokens, AGS line items and scores, and
NRPS member pages (following the `next` links the platform's answers name) with a
`requests.Session`. `PlatformSession` is the session it is given instead: every request, the
library's first and each one it derives from an answer, goes to `net_guard.fetch` with the
platform's registered origins (`platforms.origins`), so it is refused before any connection when
its origin is not one of them or its address is not public, and it is sent to the checked address.
No redirect is followed, and an answer is bounded in size and time.

A refusal raises `OutboundRefused`, a `requests.RequestException`: pylti1p3 handles it as any failed
request (a refused launch, a score retried with backoff and its error shown to the TAs).
"""

from __future__ import annotations

from typing import Any

import requests
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from autograder.service.domain.lti import net_guard

TIMEOUT_S = 20.0  # each request, in total
MAX_ANSWER_BYTES = 8 * 1024 * 1024  # an NRPS page of a large course, a key set: far less


class OutboundRefused(requests.RequestException):
    """The guard refused the request (origin, address) or its answer (size, time)."""


class _GuardedAdapter(BaseAdapter):
    def __init__(self, origins: frozenset[str]) -> None:
        super().__init__()
        self.origins = origins

    def send(self, request: requests.PreparedRequest, *args: Any, **kwargs: Any) -> requests.Response:
        url = str(request.url or "")
        body = request.body.encode() if isinstance(request.body, str) else request.body
        headers = {k: v for k, v in request.headers.items() if k.lower() != "host"}
        try:
            answer = net_guard.fetch(
                url, str(request.method or "GET"), headers, body,
                origins=self.origins, timeout_s=TIMEOUT_S, max_bytes=MAX_ANSWER_BYTES,
            )  # fmt: skip
        except (net_guard.AddressRefused, net_guard.AnswerRefused) as exc:
            raise OutboundRefused(f"{url[:200]}: {exc}", request=request) from exc
        except Exception as exc:  # urllib3's errors: no connection, a reset
            raise requests.ConnectionError(f"{url[:200]}: {type(exc).__name__}", request=request) from exc
        response = requests.Response()
        response.status_code = answer.status
        response.reason = answer.reason
        response.headers = CaseInsensitiveDict(dict(answer.headers))
        response._content = answer.body
        response.url = url
        response.request = request
        response.encoding = requests.utils.get_encoding_from_headers(response.headers)
        return response

    def close(self) -> None:
        pass


class PlatformSession(requests.Session):
    """A `requests.Session` whose every request goes through net_guard to `origins` only."""

    def __init__(self, origins: frozenset[str]) -> None:
        super().__init__()
        self.trust_env = False  # no proxy from the environment: the guard connects to the checked address
        self.max_redirects = 0  # a redirect is refused (TooManyRedirects), never followed
        self.headers["User-Agent"] = "jaxgrade-lti"
        adapter = _GuardedAdapter(origins)
        self.mount("https://", adapter)
        self.mount("http://", adapter)
