"""tests/helpers/background.py: what a session starts early (the grader image's build) reaches the
fixture that waits for it with its output and exit status, stops at its first failure, and is
killed, children included, when the session ends first. tests/helpers/early_lane.py: the lane's
commands answer by key, run in a HOME of their own and go on past a failure, and the modules that
read them are ordered last."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import order_container_tests_late

from helpers.background import BackgroundCommands
from helpers.early_lane import NICENESS, EarlyLane, lane_modules, order_lane_readers_last
from helpers.marked_processes import marked_processes


def commands(*argvs: list[str], tmp: Path, timeout_s: float = 60) -> BackgroundCommands:
    return BackgroundCommands([*argvs], dict(os.environ), tmp, timeout_s).start()


def test_each_result_carries_its_output_and_a_failure_stops_the_sequence(tmp_path: Path) -> None:
    py = sys.executable
    run = commands([py, "-c", "print('first out')"],
                   [py, "-c", "import sys; print('second out'); sys.exit('second failed')"],
                   [py, "-c", "open('third-ran', 'w')"], tmp=tmp_path)  # fmt: skip
    first, second = run.wait_for(0), run.wait_for(1)
    assert first is not None and (first.returncode, first.stdout) == (0, "first out\n")
    (start0, end0), (start1, end1) = run.spans  # the failed command's span too; never the third's
    assert 0 <= start0 <= end0 <= start1 <= end1
    assert second is not None and second.returncode == 1
    assert second.stdout == "second out\n" and "second failed" in second.stderr
    assert run.wait_for(2) is None  # like `a && b && c`
    assert not (tmp_path / "third-ran").exists()


def test_stop_kills_the_running_command_and_its_children(tmp_path: Path) -> None:
    script = "sleep 300 & echo $! > child.pid; wait"
    run = commands(["bash", "-c", script], ["bash", "-c", "touch never"], tmp=tmp_path)
    for _ in range(200):
        if (tmp_path / "child.pid").is_file() and (tmp_path / "child.pid").read_text().strip():
            break
        time.sleep(0.05)
    child = int((tmp_path / "child.pid").read_text())
    run.stop()
    for _ in range(100):  # reaped by init once killed; gone from /proc
        if not Path(f"/proc/{child}").exists() or "Z" in Path(f"/proc/{child}/stat").read_text().split()[2]:
            break
        time.sleep(0.05)
    stat = Path(f"/proc/{child}/stat")
    assert not stat.exists() or stat.read_text().split()[2] == "Z", "the command's child survived stop()"
    assert run.wait_for(1) is None and not (tmp_path / "never").exists()
    stopped = run.wait_for(0)
    assert stopped is not None and stopped.returncode != 0


def test_a_command_past_its_timeout_is_killed_and_says_so(tmp_path: Path) -> None:
    run = commands(["sleep", "300"], tmp=tmp_path, timeout_s=0.5)
    done = run.wait_for(0)
    assert done is not None and done.returncode != 0
    assert "timed out after" in done.stderr


def test_keep_going_runs_every_command_after_a_failure(tmp_path: Path) -> None:
    py = sys.executable
    run = BackgroundCommands([[py, "-c", "import sys; sys.exit(3)"], [py, "-c", "print('second')"]],
                             dict(os.environ), tmp_path, 60, keep_going=True).start()  # fmt: skip
    first, second = run.wait_for(0), run.wait_for(1)
    assert first is not None and first.returncode == 3
    assert second is not None and (second.returncode, second.stdout) == (0, "second\n")


def test_the_early_lane_answers_by_key_niced_with_a_home_of_its_own() -> None:
    py = sys.executable
    lane = EarlyLane()
    report = "import os; print(os.environ['HOME'], os.environ['XDG_CACHE_HOME'], os.nice(0))"
    lane.add("home", [py, "-c", report])
    lane.add("fails", [py, "-c", "import sys; sys.exit('no')"], note="a note")
    lane.add("after", [py, "-c", "print('ran')"])
    with pytest.raises(ValueError):
        lane.add("after", [py, "-c", "pass"])
    try:
        lane.start()
        with pytest.raises(RuntimeError):
            lane.add("late", [py, "-c", "pass"])
        niceness = os.nice(0) + NICENESS  # the lane yields the CPU to the tests beside it
        home = lane.result("home").stdout.split()
        assert home == [str(lane.home), str(lane.home / ".cache"), str(niceness)]
        assert lane.home != Path(os.environ["HOME"])
        assert lane.result("fails").returncode == 1 and lane.notes["fails"] == "a note"
        assert lane.result("after").stdout == "ran\n"  # one failure does not stop the lane
        with pytest.raises(KeyError):
            lane.result("never-queued")
        report = lane.report()
        assert [line.split(":")[0] for line in report] == ["home", "fails", "after"]
        assert report[1].endswith("exit 1") and report[2].endswith("exit 0")
    finally:
        lane.stop()
        shutil.rmtree(lane.home, ignore_errors=True)


WAIT_FOR_FLAG = """
import pathlib, sys, time
for _ in range(600):
    if pathlib.Path(sys.argv[1]).exists():
        sys.exit(0)
    time.sleep(0.1)
sys.exit("the command queued beside never ran")
"""


def test_a_command_queued_beside_runs_while_the_first_streams_command_runs(tmp_path: Path) -> None:
    """The first stream's command waits (up to 60 s) for a file that only the command queued beside it
    writes: one after the other, it would wait in vain and fail; side by side it sees the file."""
    py, flag = sys.executable, tmp_path / "beside-ran"
    lane = EarlyLane()
    lane.add("waits", [py, "-c", WAIT_FOR_FLAG, str(flag)])
    touch = "import pathlib, sys; pathlib.Path(sys.argv[1]).touch()"
    lane.add("beside", [py, "-c", touch, str(flag)], beside=True)
    lane.add("after", [py, "-c", "print('ran')"])
    try:
        lane.start()
        waited = lane.result("waits")
        assert waited.returncode == 0, waited.stderr
        assert lane.result("beside").returncode == 0 and lane.result("after").stdout == "ran\n"
        report = lane.report()
        assert [line.split(":")[0] for line in report] == ["waits", "beside", "after"]
        assert report[1].endswith("exit 0 (beside)") and report[2].endswith("exit 0"), report
    finally:
        lane.stop()
        shutil.rmtree(lane.home, ignore_errors=True)


def test_the_lanes_readers_run_last_in_their_own_order() -> None:
    plain, reader, hooked = (SimpleNamespace(name=n) for n in ("plain", "reader", "hooked"))
    hooked.queue_early_work = lambda lane, items: None

    def item(module: SimpleNamespace, *fixtures: str) -> SimpleNamespace:
        return SimpleNamespace(module=module, fixturenames=list(fixtures), label=f"{module.name}{fixtures}")

    items = [item(hooked), item(plain), item(reader), item(reader, "examples_batch"), item(plain, "tmp_path"),
             item(hooked)]  # fmt: skip
    order_lane_readers_last(items, ["examples_batch"])  # type: ignore[arg-type]
    assert [i.module.name for i in items] == ["plain", "plain", "hooked", "reader", "reader", "hooked"]
    assert lane_modules(items) == [hooked]  # type: ignore[arg-type]


def test_container_tests_run_after_the_others_and_before_the_lanes_readers() -> None:
    """The image builds in the background: its readers come late, the lane's readers last."""
    plain, boxed, reader = (SimpleNamespace(name=n) for n in ("plain", "boxed", "reader"))

    def item(module: SimpleNamespace, container: bool, *fixtures: str) -> SimpleNamespace:
        marker = SimpleNamespace(name="container") if container else None

        def closest(name: str) -> SimpleNamespace | None:
            return marker if name == "container" else None

        return SimpleNamespace(module=module, fixturenames=list(fixtures), n=len(fixtures),
                               get_closest_marker=closest)  # fmt: skip

    items = [item(boxed, True), item(reader, False, "examples_batch"), item(plain, False),
             item(boxed, True, "x"), item(plain, False, "y")]  # fmt: skip
    order_container_tests_late(items)  # type: ignore[arg-type]
    order_lane_readers_last(items, ["examples_batch"])  # type: ignore[arg-type]
    assert [(i.module.name, i.n) for i in items] == [("plain", 0), ("plain", 1), ("boxed", 0), ("boxed", 1),
                                                     ("reader", 1)]  # fmt: skip


def test_a_command_run_through_marked_processes_reports_the_marked_survivors(tmp_path: Path) -> None:
    """helpers.marked_processes looks for survivors when the command ends, and keeps its exit status."""
    marker = f"jaxgrade_selftest_{os.getpid()}"
    leave_one = ("import subprocess, sys; subprocess.Popen([sys.executable, '-c', 'import time; "
                 f"time.sleep(60)', '{marker}'], start_new_session=True); sys.exit(7)")  # fmt: skip
    report = tmp_path / "survivors.json"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent)}
    done = subprocess.run([sys.executable, "-m", "helpers.marked_processes", str(report), marker, "--",
                           sys.executable, "-c", leave_one], env=env, timeout=60)  # fmt: skip
    survivors = json.loads(report.read_text(encoding="utf-8"))
    try:
        assert done.returncode == 7
        assert len(survivors) == 1 and marker in survivors[0]
        assert marked_processes([marker]) == survivors
    finally:
        for line in survivors:
            os.kill(int(line.split(":")[0]), 9)
    clean = tmp_path / "clean.json"
    subprocess.run([sys.executable, "-m", "helpers.marked_processes", str(clean), marker, "--", "true"],
                   env=env, timeout=60, check=True)  # fmt: skip
    assert json.loads(clean.read_text(encoding="utf-8")) == []
