"""Fixtures shared by several test files.

- `fresh_release`: `solutions/` released by the real `otter assign` once per test session (version
  2026-fall, so it must equal the committed `assignments/2026-fall/`; test_release.py checks that).
  Releasing takes tens of seconds; every test that needs a release built from the current masters
  shares this one instead of building its own. It is the early lane's first command.

The fast inner loop is `pytest -m "not slow"` (docs/contributors/tests.md); the whole suite is the CI command.

Two session-wide rules live here too:
- Hermetic state: before any test runs, HOME and XDG_CACHE_HOME point into a fresh temp folder and
  jaxgrade's own environment overrides are dropped, so no test reads the user's `~/.cache/jaxgrade`
  (a filled compile cache there changes what gradings with `--compile-cache auto` do), their tokens or
  other state of the machine. Tests that need a HOME of their own still set it explicitly.
  An IPython shell a test started (`InteractiveShell.instance()`) keeps its history in a SQLite file
  under that HOME and writes to it from an atexit hook: `close_ipython_shell` runs that hook before the
  HOME is removed (otherwise every run ended with "attempt to write a readonly database").
- In CI (`CI=true`), a test skipped for a missing prerequisite fails the run, unless its reason
  matches an entry of `tests/skip_allowlist.txt` (reviewed; `.ci/run` prints it).
- When a `container` test is collected, the grader image's build starts in the background as soon
  as collection ends (tests/helpers/grader_image.py): minutes of downloads that used to sit on the
  critical path in test_container's `image` fixture, which now waits for it. The session's end
  kills a build still running.
- The early lane (tests/helpers/early_lane.py): the session's long self-contained commands (the
  fresh release, the examples' batch, the benchmark smokes, the two chapter corpora, the hostile
  corpus' batch) start when collection ends and run one after the other in two streams beside the
  other tests; the modules that read them run last.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
COMMITTED_RELEASE = REPO / "assignments" / "2026-fall"
SKIP_ALLOWLIST = Path(__file__).with_name("skip_allowlist.txt")

# Variables through which the machine's own jaxgrade/jaxcourse state would reach a test (caches,
# credentials, a chosen image or sandbox). Test-selection variables such as JAXGRADE_HOSTILE_CASES stay.
MACHINE_STATE_VARS = (
    "JAXGRADE_COMPILE_CACHE_ROOT", "JAXGRADE_REFERENCE_MEMO", "JAXGRADE_TOKEN", "JAXGRADE_DB_URL",
    "JAXGRADE_SERVER", "JAXGRADE_IMAGE", "JAXGRADE_ISOLATION", "JAXGRADE_ENGINE_ARGS",
    "JAXGRADE_TIMEOUT_SCALE",
    "JAXCOURSE_BUILD_DIR", "JAXCOURSE_PREBUILT", "JAXCOURSE_KERNEL_DIR", "JAXCOURSE_CXX",
)
_HERMETIC_HOME: Path | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _HERMETIC_HOME
    _HERMETIC_HOME = Path(tempfile.mkdtemp(prefix="jaxgrade-test-home-"))
    (_HERMETIC_HOME / ".cache").mkdir()
    os.environ["HOME"] = str(_HERMETIC_HOME)
    os.environ["XDG_CACHE_HOME"] = str(_HERMETIC_HOME / ".cache")
    for name in MACHINE_STATE_VARS:
        os.environ.pop(name, None)


def close_ipython_shell() -> None:
    """End the IPython shell a test left (its history session, saving thread and SQLite file) now,
    and take back the atexit hook that would otherwise do it after the hermetic HOME is gone."""
    module = sys.modules.get("IPython.core.interactiveshell")
    if module is None or not module.InteractiveShell.initialized():
        return
    shell = module.InteractiveShell.instance()
    atexit.unregister(shell.atexit_operations)
    shell.atexit_operations()
    module.InteractiveShell.clear_instance()


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    order_container_tests_late(items)
    if lane_needed(items):
        from helpers.early_lane import order_lane_readers_last

        order_lane_readers_last(items, LANE_FIXTURES)


def order_container_tests_late(items: list[pytest.Item]) -> None:
    """Move the `container` tests after all others, each group in its order (the lane's readers are
    moved after the rest next, and test_container.py is one: its tests end the run). The grader image
    builds in the background from the session's start (pytest_collection_finish), so the build runs
    beside the other tests instead of holding its first reader, and the container batch (CPU-bound)
    no longer shares both cores with the early lane, which runs in the session's first minutes."""
    items.sort(key=lambda item: item.get_closest_marker("container") is not None)  # stable


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the grader image's build now when a `container` test is to run: its fixture waits for
    it, and meanwhile the tests before it run (tests/helpers/grader_image.py). Start the early lane
    with what the collected tests will read (tests/helpers/early_lane.py)."""
    if session.config.option.collectonly:
        return
    if any(item.get_closest_marker("container") for item in session.items):
        from helpers.grader_image import start_build

        start_build(session.config)
    if lane_needed(session.items):
        from helpers.early_lane import start_lane

        start_lane(session.config, session.items, LANE_FIXTURES, SHARED_LANE_FIXTURES)


def lane_needed(items: list[pytest.Item]) -> bool:
    """Whether a collected test reads the early lane (a suite without tests/helpers/, such as the
    one-file suites of test_suite_rules.py, then never imports it)."""
    names = {*LANE_FIXTURES, *SHARED_LANE_FIXTURES}
    return any(hasattr(getattr(item, "module", None), "queue_early_work")
               or names & set(getattr(item, "fixturenames", ())) for item in items)  # fmt: skip


def pytest_unconfigure(config: pytest.Config) -> None:
    early_lane = sys.modules.get("helpers.early_lane")
    if early_lane is not None:
        early_lane.stop_lane(config)
    grader_image = sys.modules.get("helpers.grader_image")  # imported only by a session that builds
    if grader_image is not None:
        grader_image.stop_build(config)
    close_ipython_shell()
    if _HERMETIC_HOME is not None:
        shutil.rmtree(_HERMETIC_HOME, ignore_errors=True)


@dataclass(frozen=True)
class ExamplesBatch:
    """One local `jaxgrade grade --jobs 2` of the examples plus a blank release (`examples_batch`)."""

    subs: Path  # the graded folder (read-only for every user of the fixture)
    out: Path  # its output folder (read-only too)
    proc: subprocess.CompletedProcess[str]


EXAMPLES_BATCH = "examples_batch"


def queue_examples_batch(lane) -> None:  # noqa: ANN001 (helpers.early_lane.EarlyLane, imported late)
    """The examples and a blank release, graded by `jaxgrade grade --jobs 2` on the early lane."""
    from helpers.batch_cli import examples_with_blank, grade_argv, sandbox_prerequisites

    if sandbox_prerequisites():
        return  # the fixture skips and says why
    root = lane.workdir(EXAMPLES_BATCH)
    subs, out = examples_with_blank(root / "subs"), root / "out"
    lane.add(EXAMPLES_BATCH, grade_argv(subs, out, "--jobs", "2"), note=(subs, out))


def queue_fresh_release(lane) -> None:  # noqa: ANN001 (helpers.early_lane.EarlyLane, imported late)
    from helpers import fresh_release

    fresh_release.queue(lane)


# session fixtures whose command runs on the early lane -> what queues it; their readers run last
LANE_FIXTURES = {EXAMPLES_BATCH: queue_examples_batch}
# the same for fixtures read all over the suite: queued first, readers stay where they are
SHARED_LANE_FIXTURES = {"fresh_release": queue_fresh_release}


@pytest.fixture(scope="session")
def examples_batch(request: pytest.FixtureRequest) -> ExamplesBatch:
    """The examples and a blank release graded once per session by the local executor: the README's
    main job (test_end_to_end.py judges it) and the reference the Dask executor must equal
    (test_dask.py). Both used to grade the same folder with the same options on their own. The
    grading runs on the early lane (queued by `queue_examples_batch`) from the session's start."""
    from helpers.batch_cli import sandbox_prerequisites
    from helpers.early_lane import session_lane

    if why := sandbox_prerequisites():
        pytest.skip(f"prerequisite missing: {why} (run scripts/bootstrap.sh as root)")
    lane = session_lane(request.config)
    proc = lane.result(EXAMPLES_BATCH)
    subs, out = lane.notes[EXAMPLES_BATCH]
    print(proc.stdout)
    print(proc.stderr[-4000:], file=sys.stderr)
    return ExamplesBatch(subs, out, proc)


def read_skip_allowlist(path: Path = SKIP_ALLOWLIST) -> list[re.Pattern[str]]:
    """One regular expression per line, matched against a skip's reason; `#` starts a comment."""
    patterns = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            patterns.append(re.compile(line))
    return patterns


def unallowed_skips(reports: list[pytest.TestReport], allow: list[re.Pattern[str]]) -> list[str]:
    """`nodeid: reason` of every skip whose reason no allowlist entry matches."""
    bad = []
    for rep in reports:
        reason = str(rep.longrepr[2]) if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if not any(p.search(reason) for p in allow):
            bad.append(f"{rep.nodeid}: {reason}")
    return bad


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    early_lane = sys.modules.get("helpers.early_lane")
    if early_lane is not None and (lane := config.stash.get(early_lane.LANE_KEY, None)) is not None:
        terminalreporter.section("early lane (seconds after collection)")
        for line in lane.report():
            terminalreporter.line(line)
    grader_image = sys.modules.get("helpers.grader_image")
    if grader_image is not None and (lines := grader_image.build_report(config)):
        terminalreporter.section("grader image build, in the background (seconds after collection)")
        for line in lines:
            terminalreporter.line(line)
    if os.environ.get("CI") != "true":
        return
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if isinstance(r, pytest.TestReport)]
    bad = unallowed_skips(skipped, read_skip_allowlist())
    if bad:
        terminalreporter.section("skips not on tests/skip_allowlist.txt (a failure in CI)", red=True)
        for line in bad:
            terminalreporter.line(line)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Runs before the terminal summary; the exit status set here is the process's."""
    if os.environ.get("CI") != "true":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    reports = [r for r in skipped if isinstance(r, pytest.TestReport)]
    if unallowed_skips(reports, read_skip_allowlist()) and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session")
def fresh_release(request: pytest.FixtureRequest) -> Path:
    """A release folder built from the current masters (read-only by convention: copy before editing).
    Built by a command on the early lane (tests/helpers/fresh_release.py), queued before all else."""
    from helpers import fresh_release as release_on_lane
    from helpers.early_lane import session_lane

    return release_on_lane.wait(session_lane(request.config))
