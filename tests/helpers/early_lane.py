"""The early lane: the session's costliest self-contained commands run beside the other tests.

A whole-suite run keeps both cores busy only about two thirds of the time: many tests wait on
clocks, servers and browsers. Some fixtures, on the other hand, are one long command whose result
a module only reads: the fresh release, the examples' batch, the benchmark smokes, the chapter
corpora, the hostile corpus' batch. Those
commands now start when collection ends, one after the other in a background thread (the lane),
and the modules that read them run last, so the lane has the whole session to finish them.

The protocol:
- A test module that has such a command defines `queue_early_work(lane, items)`; `items` are its
  collected tests (deselected ones are not there), so it queues only what will be read.
- tests/conftest.py orders those modules last, calls their `queue_early_work` when collection ends,
  starts the lane, and stops it when the session ends (nothing of it outlives the session).
- A fixture or test gets a command's `CompletedProcess` with `session_lane(config).result(key)`,
  and judges it exactly as when it ran the command itself.

A command queued `beside=True` runs on the lane's second stream instead, one after the other beside
the first stream's commands: a long single-core command that touches no sandbox and no cache (the
gradebook's state machines) then uses the core the tests leave idle, instead of waiting for the
corpora and gradings queued before it. Both streams are niced alike.

Every command of the lane runs with a HOME and XDG_CACHE_HOME of its own, so nothing it caches
(compile caches, build caches) reaches a test that runs beside it, or the reverse, and with tests/
on PYTHONPATH, so a command of tests/helpers/ runs as `python -m helpers.<name>`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from .background import BackgroundCommands
from .paths import REPO

LANE_KEY = pytest.StashKey["EarlyLane"]()
HOOK = "queue_early_work"
COMMAND_TIMEOUT_S = 1800
# The lane yields the CPU to the tests beside it and takes what they leave idle (waits on clocks,
# servers, browsers: about a third of both cores in a whole run). The grader judges its children on
# the CPU time they used and gives a child that waits for a CPU more wall time (grade/timing.py), so a
# niced grading keeps its verdicts; only the benchmark smokes' printed figures move, never asserted.
NICENESS = 10


class EarlyLane:
    """Commands queued by key, run one after the other once `start` is called."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.argvs: list[list[str]] = []
        self.notes: dict[str, object] = {}  # key -> what its reader needs besides the result (paths)
        self.beside: set[str] = set()  # keys queued on the second stream
        self.home = Path(tempfile.mkdtemp(prefix="jaxgrade-early-lane-home-"))
        self._run: BackgroundCommands | None = None
        self._beside_run: BackgroundCommands | None = None

    def add(self, key: str, argv: list[str], note: object = None, beside: bool = False) -> None:
        if self._run is not None:
            raise RuntimeError(f"the early lane already started; {key!r} came too late")
        if key in self.keys:
            raise ValueError(f"{key!r} is queued twice")
        self.keys.append(key)
        self.argvs.append(argv)
        self.notes[key] = note
        if beside:
            self.beside.add(key)

    def workdir(self, key: str) -> Path:
        """A fresh folder for `key`'s inputs and outputs (removed with the lane)."""
        path = self.home / "work" / key.replace("/", "_").replace(":", "_")
        path.mkdir(parents=True)
        return path

    def start(self) -> EarlyLane:
        (self.home / ".cache").mkdir(exist_ok=True)
        env = {**os.environ, "HOME": str(self.home), "XDG_CACHE_HOME": str(self.home / ".cache")}
        # `python -m helpers.<command>`: the lane's own commands import tests/helpers as the tests do
        paths = (str(REPO / "tests"), os.environ.get("PYTHONPATH", ""))
        env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
        argv_of = dict(zip(self.keys, self.argvs, strict=True))

        def stream(beside: bool) -> BackgroundCommands:
            argvs = [["nice", "-n", str(NICENESS), *argv_of[key]] for key in self._stream(beside)]
            return BackgroundCommands(argvs, env, REPO, COMMAND_TIMEOUT_S, keep_going=True).start()

        self._run, self._beside_run = stream(False), stream(True)
        return self

    def _stream(self, beside: bool) -> list[str]:
        """The keys of one stream, in the order they were queued."""
        return [key for key in self.keys if (key in self.beside) == beside]

    def _where(self, key: str) -> tuple[BackgroundCommands | None, int]:
        """The stream that runs `key` and its index there."""
        beside = key in self.beside
        return (self._beside_run if beside else self._run), self._stream(beside).index(key)

    def result(self, key: str) -> subprocess.CompletedProcess[str]:
        """The command's result once it ended (waits for it)."""
        if key not in self.keys:
            raise KeyError(f"{key!r} was never queued on the early lane (queued: {self.keys})")
        stream, index = self._where(key)
        if stream is None:
            raise RuntimeError("the early lane was never started")
        done = stream.wait_for(index)
        if done is None:
            raise RuntimeError(f"the early lane stopped before {key!r} ran")
        return done

    def stop(self) -> None:
        for stream in (self._run, self._beside_run):
            if stream is not None:
                stream.stop()

    def report(self) -> list[str]:
        """One line per queued command: when it ran (seconds after the lane started) and how it
        ended, so a run's summary shows whether the lane kept its readers waiting."""
        lines = []
        for key in self.keys:
            stream, i = self._where(key)
            ran = stream.results if stream is not None else []
            where = " (beside)" if key in self.beside else ""
            if stream is not None and i < len(ran):
                (start, end), code = stream.spans[i], ran[i].returncode
                span = f"{start:7.1f} s -> {end:7.1f} s ({end - start:6.1f} s)"
                lines.append(f"{key}: {span}, exit {code}{where}")
            else:
                lines.append(f"{key}: did not run{where}")
        return lines


# A session fixture (tests/conftest.py) whose command the lane runs -> what queues that command.
SessionQueue = Callable[[EarlyLane], None]


def lane_modules(items: list[pytest.Item]) -> list[object]:
    """The modules of `items` that queue early work, in the order their tests run."""
    seen: dict[int, object] = {}
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and hasattr(module, HOOK) and id(module) not in seen:
            seen[id(module)] = module
    return list(seen.values())


def order_lane_readers_last(items: list[pytest.Item], fixtures: Iterable[str]) -> None:
    """Reorder `items` in place: the modules that queue early work or use one of the lane's session
    `fixtures` after all others (each group keeps its order), so the lane has every other test's
    time to finish their commands."""
    names = set(fixtures)
    late = {id(m) for m in lane_modules(items)}
    late |= {id(item.module) for item in items
             if names & set(getattr(item, "fixturenames", ())) and getattr(item, "module", None) is not None}
    items.sort(key=lambda item: id(getattr(item, "module", None)) in late)  # stable


def start_lane(
    config: pytest.Config,
    items: list[pytest.Item],
    session_queues: dict[str, SessionQueue],
    shared_queues: dict[str, SessionQueue],
) -> None:
    """Queue what the collected `items` will read, then start the lane. `shared_queues` (session
    fixtures read all over the suite, whose readers are not moved) come first; then the commands
    whose readers run last, in the order of each command's first reader."""
    lane = EarlyLane()
    used = {name for item in items for name in getattr(item, "fixturenames", ())}
    for name, queue in shared_queues.items():
        if name in used:
            queue(lane)
    first_reader: list[tuple[int, Callable[[], None]]] = []
    for name, queue in session_queues.items():
        readers = [i for i, item in enumerate(items) if name in getattr(item, "fixturenames", ())]
        if readers:
            first_reader.append((readers[0], lambda queue=queue: queue(lane)))
    for module in lane_modules(items):
        mine = [item for item in items if getattr(item, "module", None) is module]
        hook = getattr(module, HOOK)
        first_reader.append((items.index(mine[0]), lambda hook=hook, mine=mine: hook(lane, mine)))
    for _, queue_it in sorted(first_reader, key=lambda pair: pair[0]):
        queue_it()
    config.stash[LANE_KEY] = lane.start()


def stop_lane(config: pytest.Config) -> None:
    if (lane := config.stash.get(LANE_KEY, None)) is not None:
        lane.stop()
        shutil.rmtree(lane.home, ignore_errors=True)


def session_lane(config: pytest.Config) -> EarlyLane:
    lane = config.stash.get(LANE_KEY, None)
    if lane is None:
        raise RuntimeError("no early lane in this session (tests/conftest.py starts it when collection ends)")
    return lane
