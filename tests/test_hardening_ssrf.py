"""Dynamic registration sends no request to a private address (issue 32, section 2).

On a real `jaxgrade serve` (no loopback opt-in): configuration URLs that spell a loopback or
link-local address in any form are refused with a page, and a TCP listener at that address sees no
connection at all. With the opt-in tests use for loopback platforms: the platform's answer is never
echoed on the refusal page, and a link is spent after five failed registrations.

In process: a Hypothesis property over spellings of non-public addresses (dotted, short `127.1`,
decimal, hex, IPv4-mapped IPv6, 6to4), and the pin: after the check, the request goes to the
address that was checked even when the resolver answers differently the second time.
"""

from __future__ import annotations

import ipaddress
import socket
import urllib.parse
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.service.domain.lti import dynamic_registration, net_guard

from helpers.browserish import Browserish, Reply
from helpers.lti_binding import allow_registration
from helpers.recording_listener import Listener, http_answer
from helpers.served import Served, serve

ROSTER = "student_id,name,email\ns1,学生一,s1@example.edu\n"
SECRET_BODY = b"INTERNAL-ADMIN-PAGE-do-not-show-" + b"x" * 40


def open_link(served: Served, link: str, config_url: str) -> Reply:
    query = urllib.parse.urlencode({"openid_configuration": config_url, "registration_token": "tok"})
    return Browserish(served.url).get(f"{link}?{query}")


def started(tmp: pytest.TempPathFactory, name: str, *, loopback_opt_in: bool) -> Served:
    root = tmp.mktemp(name)
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    env = pytest.MonkeyPatch()
    if loopback_opt_in:
        env.setenv(net_guard.LOOPBACK_OPT_IN, "1")
    else:
        env.delenv(net_guard.LOOPBACK_OPT_IN, raising=False)
    try:
        return serve(root / "data", "--roster", str(root / "roster.csv"), "--workers", "0")
    finally:
        env.undo()


@pytest.fixture(scope="module")
def default_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = started(tmp_path_factory, "ssrf-default", loopback_opt_in=False)
    try:
        yield served
    finally:
        served.stop()


@pytest.fixture(scope="module")
def opted_in(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = started(tmp_path_factory, "ssrf-opt-in", loopback_opt_in=True)
    try:
        yield served
    finally:
        served.stop()


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


SPELLINGS = [
    "http://127.0.0.1:{p}",
    "https://127.0.0.1:{p}",
    "https://127.1:{p}",
    "https://2130706433:{p}",
    "https://0x7f000001:{p}",
    "https://localhost:{p}",
    "https://[::ffff:127.0.0.1]:{p}",
]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_loopback_configuration_url_is_refused_before_any_connection(
    default_served: Served, spelling: str
) -> None:
    listener = Listener("127.0.0.1", http_answer("200 OK", b"{}"))
    try:
        url = spelling.format(p=listener.port) + "/.well-known/openid-configuration"
        link = allow_registration(default_served.data)
        reply = open_link(default_served, link, url)
        assert reply.status == 400, reply.text[:2000]
        assert 'id="lti-registration-refused"' in reply.text and "loopback" in reply.text, reply.text[:3000]
        assert listener.connections == []
    finally:
        listener.close()


@pytest.mark.skipif(not _ipv6_loopback(), reason="this host has no IPv6 loopback (::1) to listen on")
def test_an_ipv6_loopback_configuration_url_is_refused_before_any_connection(default_served: Served) -> None:
    listener = Listener("::1", http_answer("200 OK", b"{}"), family=socket.AF_INET6)
    try:
        link = allow_registration(default_served.data)
        reply = open_link(
            default_served, link, f"https://[::1]:{listener.port}/.well-known/openid-configuration"
        )
        assert reply.status == 400 and "loopback" in reply.text, reply.text[:2000]
        assert listener.connections == []
    finally:
        listener.close()


def test_a_link_local_metadata_address_is_refused(default_served: Served) -> None:
    link = allow_registration(default_served.data)
    reply = open_link(default_served, link, "https://169.254.169.254/latest/meta-data/")
    assert reply.status == 400 and "link-local" in reply.text, reply.text[:2000]


def test_the_refusal_page_never_shows_the_platform_answer(opted_in: Served) -> None:
    listener = Listener("127.0.0.1", http_answer("500 Internal Server Error", SECRET_BODY))
    try:
        link = allow_registration(opted_in.data)
        reply = open_link(
            opted_in, link, f"http://127.0.0.1:{listener.port}/.well-known/openid-configuration"
        )
        assert reply.status == 502 and "HTTP 500" in reply.text, reply.text[:2000]
        assert len(listener.connections) == 1  # the opt-in lets this loopback platform be reached
        assert b"INTERNAL-ADMIN-PAGE" not in reply.body
    finally:
        listener.close()


def test_a_link_is_spent_after_five_failed_registrations(opted_in: Served) -> None:
    listener = Listener("127.0.0.1", http_answer("401 Unauthorized", b'{"error": "token"}'))
    try:
        link = allow_registration(opted_in.data)
        url = f"http://127.0.0.1:{listener.port}/.well-known/openid-configuration"
        for _ in range(5):
            reply = open_link(opted_in, link, url)
            assert reply.status == 502 and "HTTP 401" in reply.text, reply.text[:2000]
        spent = open_link(opted_in, link, url)
        assert spent.status == 403 and "failed 5 times" in spent.text, spent.text[:2000]
        assert len(listener.connections) == 5
    finally:
        listener.close()


REFUSED_V4 = ["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
              "100.64.0.0/10", "0.0.0.0/8", "224.0.0.0/4", "240.0.0.0/4"]  # fmt: skip


@st.composite
def refused_v4(draw: st.DrawFn) -> ipaddress.IPv4Address:
    net = ipaddress.ip_network(draw(st.sampled_from(REFUSED_V4)))
    return ipaddress.IPv4Address(int(net.network_address) + draw(st.integers(0, net.num_addresses - 1)))


def spellings(ip: ipaddress.IPv4Address, form: str) -> str:
    n = int(ip)
    a, b, c, d = ip.packed
    return {
        "dotted": str(ip),
        "decimal": str(n),
        "hex": hex(n),
        "short-a.b": f"{a}.{n & 0xFFFFFF}",
        "short-a.b.c": f"{a}.{b}.{(c << 8) | d}",
        "mapped": f"[::ffff:{ip}]",
        "mapped-hex": f"[::ffff:{(n >> 16):x}:{(n & 0xFFFF):x}]",
        "6to4": f"[2002:{(n >> 16):x}:{(n & 0xFFFF):x}::1]",
    }[form]


FORMS = ["dotted", "decimal", "hex", "short-a.b", "short-a.b.c", "mapped", "mapped-hex", "6to4"]


@settings(max_examples=300, deadline=None)
@given(refused_v4(), st.sampled_from(FORMS), st.sampled_from(["http", "https"]))
def test_every_spelling_of_a_non_public_address_is_refused(
    ip: ipaddress.IPv4Address, form: str, scheme: str
) -> None:
    with pytest.raises(net_guard.AddressRefused):
        net_guard.resolve_public(f"{scheme}://{spellings(ip, form)}:8443/x", allow_loopback=False)


NON_PUBLIC_V6 = ["::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:10.1.2.3",
                 "64:ff9b::7f00:1", "2001:db8::1", "::127.0.0.1"]  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(NON_PUBLIC_V6),
)
def test_non_public_ipv6_forms_are_refused(text: str) -> None:
    with pytest.raises(net_guard.AddressRefused):
        net_guard.resolve_public(f"https://[{text}]/x", allow_loopback=False)


@pytest.mark.parametrize("host", ["8.8.8.8", "134744072", "0x8080808", "[2606:4700:4700::1111]"])
def test_public_addresses_in_any_spelling_pass(host: str) -> None:
    target = net_guard.resolve_public(f"https://{host}/conf?a=1", allow_loopback=False)
    assert target.address in ("8.8.8.8", "2606:4700:4700::1111") and target.target == "/conf?a=1"


def test_the_opt_in_allows_loopback_and_nothing_else() -> None:
    assert net_guard.resolve_public("http://127.1:9/x", allow_loopback=True).address == "127.0.0.1"
    for private in ("http://10.0.0.1/", "http://169.254.169.254/", "http://[fd00::1]/"):
        with pytest.raises(net_guard.AddressRefused):
            net_guard.resolve_public(private, allow_loopback=True)


def test_the_request_goes_to_the_checked_address_when_dns_answers_differently_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS rebinding: the first answer (checked) is listener A, every later one listener B."""
    checked = Listener("127.0.0.1", http_answer("200 OK", b'{"ok": true}'))
    swapped = Listener("127.0.0.2", http_answer("200 OK", b'{"swapped": true}'), port=checked.port)
    real = socket.getaddrinfo
    answers = iter(["127.0.0.1"])

    def rebinding(host: str, port: object, *args: object, **kwargs: object) -> list:
        if host == "platform.test":
            return real(next(answers, "127.0.0.2"), port, *args, **kwargs)
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    monkeypatch.setenv(net_guard.LOOPBACK_OPT_IN, "1")
    try:
        doc = dynamic_registration.exchange("test", "GET", f"http://platform.test:{checked.port}/c", "tok")
        assert doc == {"ok": True}
        assert len(checked.connections) == 1 and swapped.connections == []
        assert f"Host: platform.test:{checked.port}".encode() in checked.connections[0]
    finally:
        checked.close()
        swapped.close()
