"""`fresh_release` on the early lane: `solutions/` released by the real `otter assign` as a command
(tens of seconds), queued once, before any command that grades against it.

tests/conftest.py's `fresh_release` fixture waits for it; the chapter corpus modules queue it
(`queue`) before their own gradings, which run later on the same lane and so find it finished.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .early_lane import EarlyLane
from .paths import REPO

KEY = "fresh-release"
VERSION = "2026-fall"
_BUILD = (
    "import sys; from pathlib import Path; from autograder.release.build import build_release; "
    "print(build_release(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), log=lambda _m: None).path)"
)


def queue(lane: EarlyLane) -> Path:
    """Queue the release unless it is queued already; the folder it will be built in."""
    if KEY not in lane.keys:
        out = lane.workdir(KEY) / "release"
        argv = [sys.executable, "-c", _BUILD, VERSION, str(REPO / "solutions"), str(out)]
        lane.add(KEY, argv, note=out / VERSION)
    path = lane.notes[KEY]
    assert isinstance(path, Path)
    return path


def wait(lane: EarlyLane) -> Path:
    """The built release's folder, once its command succeeded (an AssertionError with its output
    otherwise, as when the fixture built it in the test process)."""
    done = lane.result(KEY)
    assert done.returncode == 0, f"building the release failed ({done.returncode}):\n{done.stderr[-6000:]}"
    path = Path(done.stdout.strip().splitlines()[-1])
    assert path == lane.notes[KEY] and (path / "manifest.json").is_file(), done.stdout[-2000:]
    return path
