"""Linking the loopback platform's course to a served tool, as an admin does: `jaxgrade lti
bind-context` (launches from unbound LMS courses are refused), and a TA list whose `lms_id` and
`email` columns name the platform's instructor (staff launches grade as a named TA)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from .lti_platform import LoopbackPlatform, PlatformState
from .paths import REPO

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
