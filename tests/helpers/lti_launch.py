"""An LTI launch as a browser does it, against the loopback platform (lti_platform.py) and a served
tool: the platform's link, the tool's OIDC login, the platform's auto-posted form, the launch post
(cookies kept by Browserish, redirects followed by hand)."""

from __future__ import annotations

import html
import re
import urllib.parse

import pytest

from autograder.service.domain.lti.net_guard import LOOPBACK_OPT_IN

from .browserish import Browserish, Reply


def form_fields(page: str, form_id: str) -> tuple[str, dict[str, str]]:
    """The action and hidden fields of the page's form `form_id`."""
    found = re.search(rf'<form[^>]*id="{form_id}"[^>]*>(.*?)</form>', page, re.S)
    assert found, page[:2000]
    action = re.search(r'action="([^"]+)"', found.group(0))
    assert action
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', found.group(1))
    return html.unescape(action.group(1)), {k: html.unescape(v) for k, v in fields}


def launch_form(
    platform_url: str, tool_url: str, browser: Browserish, user: str, kind: str = "resource", tamper: str = ""
) -> dict[str, str]:
    """Platform link -> tool's /lti/login -> platform's /auth: the auto-posted launch form's fields."""
    platform = Browserish("")
    query = urllib.parse.urlencode({"user": user, "kind": kind, "tamper": tamper})
    first = platform.get(f"{platform_url}/start?{query}")
    assert first.status == 302, first.text
    login = urllib.parse.urlsplit(first.headers["Location"])
    assert login.path == "/lti/login"
    to_auth = browser.get(f"/lti/login?{login.query}")
    assert to_auth.status == 302, to_auth.text
    assert to_auth.headers["Location"].startswith(platform_url + "/auth?")
    page = platform.get(to_auth.headers["Location"])
    assert page.status == 200, page.text
    action, fields = form_fields(page.text, "launch")
    assert action == tool_url + "/lti/launch"
    return fields


def launch(platform_url: str, tool_url: str, user: str, kind: str = "resource") -> tuple[Browserish, Reply]:
    """A whole launch in a new browser: the browser and the tool's answer to the launch post."""
    browser = Browserish(tool_url)
    fields = launch_form(platform_url, tool_url, browser, user, kind)
    return browser, browser.post_form("/lti/launch", fields)


def loopback_platform_env() -> pytest.MonkeyPatch:
    """The services a test module starts may send requests to its platform on loopback (net_guard's
    opt-in; still only to the platform's registered origins); `.undo()` when the module is done."""
    env = pytest.MonkeyPatch()
    env.setenv(LOOPBACK_OPT_IN, "1")
    return env


def fast_outbox_env() -> pytest.MonkeyPatch:
    """The LTI outbox's tick and retry made fast for a test module, and its platform on loopback
    reachable (`loopback_platform_env`), in this process's environment, which every `jaxgrade serve`
    it starts inherits; `.undo()` when the module is done."""
    env = loopback_platform_env()
    env.setenv("JAXGRADE_LTI_TICK_S", "0.5")
    env.setenv("JAXGRADE_LTI_RETRY_S", "0.3")
    return env
