"""The grader image's build for tests/test_container.py, started when the session begins.

`scripts/build-image.sh --print-hash` (installs podman, runc and debootstrap when missing, makes the
base image) and then `--if-changed` (builds or reuses the image) take minutes on a fresh clone, most
of them downloads. tests/conftest.py starts them in the background as soon as the collected tests
include a `container` one; the `image` fixture waits for them and judges their results as before.
"""

from __future__ import annotations

import os
import shutil
import sys

import pytest

from .background import BackgroundCommands
from .early_lane import NICENESS
from .paths import REPO

IMAGE = os.environ.get("JAXGRADE_IMAGE", "localhost/jaxgrade-grader:latest")
BUILD_SCRIPT = str(REPO / "scripts" / "build-image.sh")
PRINT_HASH, IF_CHANGED = 0, 1  # the indices of the two steps
STEP_TIMEOUT_S = 1800
BUILD_KEY = pytest.StashKey[BackgroundCommands]()


def podman_problem() -> str | None:
    """Why podman cannot be had on this machine at all (None: it is there or can be installed)."""
    if sys.platform != "linux":
        return "not Linux"
    if shutil.which("podman") is None and (os.geteuid() != 0 or shutil.which("apt-get") is None):
        return "podman is not installed (and cannot be installed without root and apt-get)"
    return None


def start_build(config: pytest.Config) -> None:
    """Start both build steps (once per session) unless podman cannot be had here."""
    if BUILD_KEY in config.stash or podman_problem() is not None:
        return
    env = {**os.environ, "JAXGRADE_IMAGE": IMAGE}
    # niced like the early lane: the container tests run late (tests/conftest.py), so the build has
    # time, and the tests beside it keep their CPU
    nice = ["nice", "-n", str(NICENESS)]
    steps = [[*nice, BUILD_SCRIPT, "--print-hash"], [*nice, BUILD_SCRIPT, "--if-changed"]]
    config.stash[BUILD_KEY] = BackgroundCommands(steps, env, REPO, STEP_TIMEOUT_S).start()


def stop_build(config: pytest.Config) -> None:
    """At the session's end: nothing of the build may outlive it."""
    if (build := config.stash.get(BUILD_KEY, None)) is not None:
        build.stop()


def build_report(config: pytest.Config) -> list[str]:
    """When each build step ran and how it ended (the run's summary), like the early lane's."""
    build = config.stash.get(BUILD_KEY, None)
    if build is None:
        return []
    names = ("build-image.sh --print-hash", "build-image.sh --if-changed")
    ran = zip(names, build.spans, build.results, strict=False)
    lines = [f"{name}: {start:7.1f} s -> {end:7.1f} s ({end - start:6.1f} s), exit {done.returncode}"
             for name, (start, end), done in ran]  # fmt: skip
    return lines + [f"{name}: did not run" for name in names[len(lines) :]]


def session_build(config: pytest.Config) -> BackgroundCommands | None:
    """The session's build, to `wait_for(PRINT_HASH)` and `wait_for(IF_CHANGED)` on (started here
    when the session did not start it; None when podman cannot be had)."""
    start_build(config)
    return config.stash.get(BUILD_KEY, None)
