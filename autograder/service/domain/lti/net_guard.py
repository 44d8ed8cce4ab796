"""Outbound requests to a URL someone else chose (an LMS admin's pasted link, a platform's
configuration) reach only public addresses, and reach the address that was checked.

`resolve_public(url)` resolves the URL's host once and refuses the whole URL when any answer is
not a public unicast address: loopback, private (RFC 1918), carrier-grade NAT, link-local
(169.254.0.0/16, fe80::/10), unique-local (fc00::/7), multicast, unspecified, reserved and
documentation ranges, and the IPv4-mapped, 6to4 and Teredo forms of any of these. The host is
resolved by the system's resolver, so every spelling of an address (`127.1`, `2130706433`,
`0x7f000001`, `[::1]`, `[::ffff:127.0.0.1]`) is judged by the address it means, not by its text.

`pinned_request(target, ...)` then connects to that very address (urllib3 with the address as the
pool's host), while TLS still checks the certificate against the URL's host name (SNI and
assert_hostname) and the Host header carries it: a second DNS answer cannot swap the address
between the check and the connection (DNS rebinding).

`fetch(url, ...)` is the one way this service sends a request to a platform: the URL's origin must be
one of the `origins` given (the platform's registered ones, `platforms.origins`; only dynamic
registration, before the platform is known, passes None), then `resolve_public` and
`pinned_request`, and the answer is read up to a size within a time. pylti1p3's own requests (keys,
tokens, AGS, NRPS) come here through `outbound.PlatformSession`, dynamic registration directly.

Tests whose LMS platform listens on loopback opt in with `JAXGRADE_ALLOW_LOOPBACK_PLATFORMS=1` in
the service's environment; that allows loopback addresses only, nothing else on the list above, and
still only at the platform's registered origins: another service on another loopback port is refused.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import threading
import urllib.parse
from dataclasses import dataclass

import certifi
import urllib3

LOOPBACK_OPT_IN = "JAXGRADE_ALLOW_LOOPBACK_PLATFORMS"
_DEFAULT_PORTS = {"https": 443, "http": 80}
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressRefused(Exception):
    """The URL's host is, or resolves to, an address this service does not send requests to."""


class OriginRefused(AddressRefused):
    """The URL's origin is not one registered for the platform the request is for."""


class AnswerRefused(Exception):
    """The answer was larger than allowed, or did not arrive in time (the message says which)."""


@dataclass(frozen=True)
class Answer:
    status: int
    reason: str
    headers: tuple[tuple[str, str], ...]
    body: bytes


def origin_of(url: str) -> str:
    """`scheme://host:port` of the URL, lower-case, with the scheme's default port spelt out
    ("" for a URL that is not http(s) with a host, or whose port is not a number)."""
    parts = urllib.parse.urlsplit(url)
    host = (parts.hostname or "").rstrip(".").lower()
    try:
        port = parts.port or _DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return ""
    if parts.scheme not in _DEFAULT_PORTS or not host or port is None:
        return ""
    return f"{parts.scheme}://{f'[{host}]' if ':' in host else host}:{port}"


@dataclass(frozen=True)
class CheckedTarget:
    scheme: str  # "https" (or "http" on opted-in loopback)
    host: str  # the URL's host name: SNI, certificate check and the Host header
    netloc: str  # host[:port] as in the URL: the Host header
    port: int
    address: str  # the resolved address that was checked: the only one connected to
    target: str  # path and query, sent as the request target


def loopback_allowed() -> bool:
    """The explicit opt-in of tests whose platform listens on loopback."""
    return os.environ.get(LOOPBACK_OPT_IN, "") == "1"


def _embedded(ip: IPAddress) -> IPAddress | None:
    """The IPv4 address an IPv6 address carries (IPv4-mapped, 6to4, Teredo, NAT64), if any."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if ip in ipaddress.ip_network("64:ff9b::/96"):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if int(ip) >> 32 == 0 and int(ip) > 1:
        return ipaddress.IPv4Address(int(ip))  # the deprecated IPv4-compatible form ::a.b.c.d
    return None


def why_refused(ip: IPAddress, *, allow_loopback: bool = False) -> str | None:
    """Why a request must not go to `ip` ("loopback", "private", ...), or None for a public address."""
    inner = _embedded(ip)
    if inner is not None:
        return why_refused(inner, allow_loopback=allow_loopback)
    if ip.is_loopback:
        return None if allow_loopback else "loopback"
    checks = (
        ("unspecified", ip.is_unspecified),
        ("multicast", ip.is_multicast),
        ("link-local", ip.is_link_local),
        ("unique-local" if ip.version == 6 else "private", ip.is_private),
        ("reserved", ip.is_reserved),
        ("not globally routable", not ip.is_global),
    )
    return next((name for name, hit in checks if hit), None)


def resolve_public(url: str, *, allow_loopback: bool | None = None) -> CheckedTarget:
    """The URL's host resolved and checked (see the module docstring); AddressRefused otherwise."""
    allow = loopback_allowed() if allow_loopback is None else allow_loopback
    parts = urllib.parse.urlsplit(url)
    host = (parts.hostname or "").rstrip(".")
    if parts.scheme not in _DEFAULT_PORTS or not host:
        raise AddressRefused("not an http(s) URL with a host")
    try:
        port = parts.port or _DEFAULT_PORTS[parts.scheme]
    except ValueError as exc:
        raise AddressRefused("the URL's port is not a number from 0 to 65535") from exc
    try:
        answers = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError) as exc:
        raise AddressRefused(f"the host {host[:200]!r} does not resolve") from exc
    addresses = [ipaddress.ip_address(a[4][0].split("%", 1)[0]) for a in answers]
    if not addresses:
        raise AddressRefused(f"the host {host[:200]!r} does not resolve")
    for ip in addresses:  # every answer: a resolver that mixes one public and one private is refused
        reason = why_refused(ip, allow_loopback=allow)
        if reason is not None:
            raise AddressRefused(
                f"the host {host[:200]!r} is a {reason} address ({ip}); this service sends no "
                "requests to loopback, private, link-local or other non-public addresses"
            )
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return CheckedTarget(parts.scheme, host, parts.netloc, port, str(addresses[0]), target)


def pinned_request(
    checked: CheckedTarget,
    method: str,
    headers: dict[str, str],
    body: bytes | None,
    timeout_s: float,
) -> urllib3.BaseHTTPResponse:
    """One request to `checked.address` (no redirects, no retries); the response is streamed
    (`preload_content=False`): the caller bounds what it reads and releases it."""
    timeout = urllib3.Timeout(connect=timeout_s, read=timeout_s)
    pool: urllib3.HTTPConnectionPool
    if checked.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            checked.address, checked.port, timeout=timeout, retries=False, maxsize=1,
            cert_reqs="CERT_REQUIRED", ca_certs=certifi.where(),
            server_hostname=checked.host, assert_hostname=checked.host,
        )  # fmt: skip
    else:
        pool = urllib3.HTTPConnectionPool(
            checked.address, checked.port, timeout=timeout, retries=False, maxsize=1
        )
    return pool.urlopen(
        method, checked.target, body=body, headers={**headers, "Host": checked.netloc},
        redirect=False, retries=False, preload_content=False, assert_same_host=False,
    )  # fmt: skip


def fetch(
    url: str,
    method: str,
    headers: dict[str, str],
    body: bytes | None,
    *,
    origins: frozenset[str] | None,
    timeout_s: float,
    max_bytes: int,
) -> Answer:
    """One request through the guard (see the module docstring): OriginRefused or AddressRefused
    before any connection, AnswerRefused for an answer too large or too slow; urllib3's errors
    for a failed connection. No redirect is followed: a 3xx is an answer like any other."""
    if origins is not None and origin_of(url) not in origins:
        raise OriginRefused(
            f"{url[:200]!r} is not at an origin registered for this platform "
            f"({', '.join(sorted(origins)) or 'none'}); an admin adds one with "
            "`jaxgrade lti add-platform ... --service-origin ORIGIN`"
        )
    target = resolve_public(url)
    if target.scheme != "https" and not ipaddress.ip_address(target.address).is_loopback:
        raise AddressRefused("plain http:// is for loopback test platforms only; use https://")
    resp = pinned_request(target, method, {**headers, "Accept-Encoding": "identity"}, body, timeout_s)
    late = threading.Event()
    # the timeout bounds each read; this timer the whole answer (a platform that sends slowly)
    timer = threading.Timer(timeout_s, lambda: (late.set(), resp.close()))
    timer.daemon = True
    timer.start()
    chunks: list[bytes] = []
    try:
        size = 0
        for chunk in resp.stream(16 * 1024):
            size += len(chunk)
            if size > max_bytes:
                raise AnswerRefused(f"the answer is larger than {max_bytes} bytes")
            chunks.append(chunk)
    except AnswerRefused:
        raise
    except Exception as exc:  # urllib3's errors, or those of a response closed by the timer
        if late.is_set():
            raise AnswerRefused(f"no complete answer within {timeout_s:.0f} s") from exc
        raise
    finally:
        timer.cancel()
        resp.release_conn()
    return Answer(resp.status, resp.reason or "", tuple(resp.headers.items()), b"".join(chunks))
