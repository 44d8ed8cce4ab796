"""Linking the loopback platform's course to a served tool, as an admin does: `jaxgrade lti
bind-context` (launches from unbound LMS courses are refused), and a TA list whose `lms_id` and
`email` columns name the platform's instructor (staff launches grade as a named TA).

`bound_tool` is the whole rig the LTI hardening modules start once each: the platform with its
users, a roster, `jaxgrade serve`, the platform registered (`lti add-platform`) and its course bound."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .lti_launch import fast_outbox_env, loopback_platform_env
from .lti_platform import LoopbackPlatform, PlatformState, User
from .paths import REPO
from .ports import free_port
from .served import Served, serve

TEACHER_TA = "teacher"  # the TA the platform's "u-teacher" launches as
TA_LIST = f"name,lms_id,email\n{TEACHER_TA},u-teacher,t@example.edu\n"


def ta_list(root: Path) -> Path:
    path = root / "tas.csv"
    path.write_text(TA_LIST, encoding="utf-8")
    return path


def lti_cli(data: Path, *args: str, db: str | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "autograder.cli", "lti", *args, "--data", str(data)]
    return subprocess.run(
        cmd + (["--db", db] if db else []), cwd=REPO, capture_output=True, text=True, timeout=120
    )


def bind_context(data: Path, state: PlatformState, db: str | None = None, context_id: str = "") -> None:
    """Bind the platform's course (or `context_id`) to the tool whose data folder is `data`."""
    done = lti_cli(
        data, "bind-context", "--issuer", state.url, "--deployment-id", state.deployment_id,
        "--context-id", context_id or state.context["id"], db=db,
    )  # fmt: skip
    assert done.returncode == 0 and "bound" in done.stdout, done.stderr


def add_platform(data: Path, platform: LoopbackPlatform) -> None:
    s = platform.state
    added = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "lti", "add-platform", "--data", str(data),
         "--issuer", s.url, "--client-id", s.client_id, "--auth-login-url", s.url + "/auth",
         "--auth-token-url", s.url + "/token", "--keyset-url", s.url + "/jwks",
         "--deployment-id", s.deployment_id],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr


def allow_registration(data: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "autograder.cli", "lti", "allow-registration", "--data", str(data)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "one registration" in done.stderr
    (link,) = done.stdout.split()
    assert re.fullmatch(r"/lti/register/[A-Za-z0-9_-]{40,}", link), link
    return link


@dataclass
class BoundTool:
    """The loopback platform and a served tool that knows it and has its course bound."""

    platform: LoopbackPlatform
    served: Served


@contextmanager
def bound_tool(
    root: Path, users: dict[str, User], roster: str, *serve_args: str, fast_outbox: bool = False
) -> Iterator[BoundTool]:
    """Start the platform with `users`, write `roster`, serve `root/data` with it and `serve_args`,
    register the platform and bind its course; stop both at the end. The served tool may reach the
    platform on loopback; with `fast_outbox`, the outbox also ticks and retries fast (lti_launch.py)."""
    env = fast_outbox_env() if fast_outbox else loopback_platform_env()
    platform = LoopbackPlatform(free_port())
    platform.state.users.update(users)
    platform.start()
    try:
        (root / "roster.csv").write_text(roster, encoding="utf-8")
        served = serve(root / "data", "--roster", str(root / "roster.csv"), *serve_args)
        try:
            platform.state.tool_url = served.url
            add_platform(root / "data", platform)
            bind_context(root / "data", platform.state)
            yield BoundTool(platform, served)
        finally:
            served.stop()
    finally:
        platform.stop()
        env.undo()
