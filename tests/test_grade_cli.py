"""`jaxgrade grade` end to end with a fake runner: outputs, resumability (kill -9), regrading, exit codes.

The fake runner (`fake_grade`) scores from markers in the students' code, so every test is fast and
deterministic; the real runner is exercised by `test_real_runner_end_to_end` (slow, at the bottom).
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from autograder.commands import grade
from autograder.exercises import EXERCISE_IDS
from autograder.model import ReleaseInfo

from helpers.fake_grading import ALL_OK, fake_grade, make_release, nb_bytes, parser, populate, read_csv
from helpers.paths import REPO

# ----------------------------------------------------------------------------------------- fixtures


def run_cli(
    argv: list[str], capsys: pytest.CaptureFixture[str], grade_fn: Any = fake_grade
) -> tuple[int, str, str]:
    try:
        args = parser().parse_args(argv)
    except SystemExit as exc:
        out, err = capsys.readouterr()
        return int(exc.code or 0), out, err
    code = grade.run(args, grade_fn=grade_fn)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    monkeypatch.delenv("FAKE_BLOCK_FROM", raising=False)
    calls = tmp_path / "calls.txt"
    monkeypatch.setenv("FAKE_CALLS", str(calls))
    return {
        "subs": tmp_path / "subs",
        "out": tmp_path / "out",
        "rel": make_release(tmp_path / "rel"),
        "calls": calls,
    }


def calls(env: dict[str, Path]) -> list[str]:
    p = env["calls"]
    return sorted(p.read_text().split()) if p.exists() else []


def base_args(env: dict[str, Path], *extra: str) -> list[str]:
    return [str(env["subs"]), "--out", str(env["out"]), "--release", str(env["rel"]), "--jobs", "3", *extra]


# ----------------------------------------------------------------------------------------- the batch


def test_batch_outputs(env: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    populate(env["subs"])
    code, out, err = run_cli(base_args(env), capsys)
    assert code == 0, err
    rows = read_csv(env["out"])
    assert list(rows) == sorted(rows)
    header = (env["out"] / "grades.csv").read_text().splitlines()[0]
    assert header == (
        "student_id,histogram,recompile,fusion,safe_distance,reduce_sum_rules,gammaln_callback,"
        "silu_ffi,ffi_lowering,total,max_total,status"
    )
    assert rows["alice"]["status"] == "ok" and rows["alice"]["total"] == "80.00"
    assert rows["bob"]["status"] == "partial:not_submitted:ch05"
    assert (
        rows["bob"]["histogram"] == "6.00"
        and rows["bob"]["fusion"] == "10.00"
        and rows["bob"]["silu_ffi"] == "0.00"
    )
    assert rows["carol"]["status"] == "malformed:not_json" and rows["carol"]["total"] == "0.00"
    assert rows["dave"]["status"] == "tampered" and rows["dave"]["fusion"] == "0.00"
    assert rows["dave"]["silu_ffi"] == "0.00"
    assert rows["erin"]["status"] == "malformed:unsafe_zip"
    assert rows["frank"]["status"] == "not_submitted"
    assert rows["'=HYPERLINK(1)"]["status"] == "partial:not_submitted:ch02"  # neutralised id
    assert all(r["max_total"] == "80.00" for r in rows.values())
    assert not (env["subs"].parent / "escape.ipynb").exists()
    # the malformed ones never reached the runner
    assert calls(env) == ["=HYPERLINK(1)", "alice", "bob", "dave"]

    # per-student files; hostile id gets a safe folder, mapping kept in the gradebook
    db = sqlite3.connect(env["out"] / "gradebook.sqlite")
    mapping = dict(db.execute("SELECT student_id, safe_id FROM submissions").fetchall())
    assert mapping["alice"] == "alice" and mapping["=HYPERLINK(1)"].startswith("HYPERLINK_1-")
    for sid, safe in mapping.items():
        folder = env["out"] / safe
        doc = json.loads((folder / "results.json").read_text(encoding="utf-8"))
        assert doc["score"] == pytest.approx(float(rows[("'" if sid.startswith("=") else "") + sid]["total"]))
        assert (folder / "feedback.md").read_text(encoding="utf-8").startswith("# 评分反馈")
        assert "<html" in (folder / "feedback.html").read_text(encoding="utf-8")
    alice = json.loads((env["out"] / "alice" / "results.json").read_text(encoding="utf-8"))
    assert len(alice["tests"]) == 16 and all(t["status"] == "passed" for t in alice["tests"])
    dave = json.loads((env["out"] / "dave" / "results.json").read_text(encoding="utf-8"))
    assert any("超时" in t["output"] for t in dave["tests"] if t["name"].startswith("silu_ffi"))
    carol_md = (env["out"] / "carol" / "feedback.md").read_text(encoding="utf-8")
    assert "JSON" in carol_md and "无法读取" in carol_md

    report = (env["out"] / "report.md").read_text(encoding="utf-8")
    assert "| dave | tampered | tampered |" in report
    assert "Where the time went" in report and "ch05/child" in report
    # stdout: the score table; stderr: plain progress lines (not a TTY here)
    assert out.splitlines()[0].split()[:2] == ["student", "histogra"]
    assert any(line.split()[0] == "alice" and line.split()[-1] == "ok" for line in out.splitlines())
    lines = [line for line in err.splitlines() if line.startswith("[")]
    assert len(lines) == 7
    assert any(line.startswith("[") and "] alice ok 80/80 (" in line for line in lines)


def test_unchanged_submissions_are_not_regraded(
    env: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    populate(env["subs"])
    assert run_cli(base_args(env), capsys)[0] == 0
    first = (env["out"] / "grades.csv").read_bytes()
    env["calls"].unlink()
    code, _, err = run_cli(base_args(env), capsys)
    assert code == 0 and calls(env) == []
    assert (env["out"] / "grades.csv").read_bytes() == first
    assert err.count("(unchanged)") == 7

    # a new answer from bob: only bob is graded again
    (env["subs"] / "bob.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    assert run_cli(base_args(env), capsys)[0] == 0
    assert calls(env) == ["bob"]
    assert read_csv(env["out"])["bob"]["histogram"] == "10.00"

    # touching a file or changing markdown only does not count as a change
    env["calls"].unlink()
    os.utime(env["subs"] / "bob.ipynb", (1, 1))
    assert run_cli(base_args(env), capsys)[0] == 0
    assert calls(env) == []

    # --regrade grades everyone again
    assert run_cli(base_args(env, "--regrade"), capsys)[0] == 0
    assert calls(env) == ["=HYPERLINK(1)", "alice", "bob", "dave"]

    # a new release version regrades everyone
    env["calls"].unlink()
    make_release(env["rel"], version="2026-fall-r2")
    assert run_cli(base_args(env), capsys)[0] == 0
    assert calls(env) == ["=HYPERLINK(1)", "alice", "bob", "dave"]


def test_jobs_do_not_change_the_grades(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    subs = tmp_path / "subs"
    populate(subs)
    rel = make_release(tmp_path / "rel")
    outs = []
    for jobs in ("1", "4"):
        out = tmp_path / f"out{jobs}"
        code, _, _ = run_cli([str(subs), "--out", str(out), "--release", str(rel), "--jobs", jobs], capsys)
        assert code == 0
        outs.append((out / "grades.csv").read_bytes())
    assert outs[0] == outs[1]


def test_grader_fault_marks_one_submission_and_exits_nonzero(
    env: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    populate(env["subs"])
    (env["subs"] / "gina.ipynb").write_bytes(nb_bytes("ch02", ALL_OK + " GRADER_FAULT"))
    (env["subs"] / "hank.ipynb").write_bytes(nb_bytes("ch02", ALL_OK + " RUNNER_BUG"))
    code, out, err = run_cli(base_args(env), capsys)
    assert code == 1
    last = err.strip().splitlines()[-1]
    assert last.startswith("jaxgrade grade: grader fault: 2 submission(s)") and "gina" in last
    rows = read_csv(env["out"])
    assert rows["gina"]["status"] == "grader_error" and rows["gina"]["total"] == ""
    assert rows["hank"]["status"] == "grader_error"
    assert rows["alice"]["status"] == "ok"  # the batch went on
    report = (env["out"] / "report.md").read_text(encoding="utf-8")
    assert "sandbox could not start (fake)" in report and "internal error: KeyError" in report
    assert not (env["out"] / "gina" / "results.json").exists()  # no score for a grader fault

    # fixed grader: the next run retries only the failed ones
    env["calls"].unlink()
    (env["subs"] / "gina.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    (env["subs"] / "hank.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    code, _, _ = run_cli(base_args(env), capsys)
    assert code == 0 and calls(env) == ["gina", "hank"]


@pytest.mark.parametrize(
    ("argv_extra", "expect"),
    [
        (["--isolation", "none"], "--unsafe-no-sandbox"),
        (["--unsafe-no-sandbox"], "only goes with --isolation none"),
        (["--exercises", "histogram,nope"], "unknown"),
        (["--jobs", "0"], "--jobs"),
        (["--timeout-scale", "-1"], "--timeout-scale"),
        (["--engine", "podman"], "--isolation container"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    env: dict[str, Path], capsys: pytest.CaptureFixture[str], argv_extra: list[str], expect: str
) -> None:
    populate(env["subs"])
    code, _, err = run_cli(base_args(env, *argv_extra), capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and expect in err
    assert not (env["out"] / "grades.csv").exists()


def test_more_usage_errors(env: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    populate(env["subs"])
    assert (
        run_cli([str(env["subs"] / "nope"), "--out", str(env["out"]), "--release", str(env["rel"])], capsys)[
            0
        ]
        == 2
    )
    assert (
        run_cli([str(env["subs"]), "--out", str(env["subs"] / "out"), "--release", str(env["rel"])], capsys)[
            0
        ]
        == 2
    )
    assert run_cli([str(env["subs"]), "--release", str(env["rel"])], capsys)[0] == 2  # --out is required
    assert (
        run_cli([str(env["subs"]), "--out", str(env["out"]), "--release", str(env["subs"])], capsys)[0] == 2
    )
    assert run_cli(base_args(env, "--isolation", "bogus"), capsys)[0] == 2


def test_broken_release_is_a_grader_fault(env: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    populate(env["subs"])
    (env["rel"] / "manifest.json").write_text('{"version": "x", "exercises": []}')
    code, _, err = run_cli(base_args(env), capsys)
    assert (
        code == 1 and err.startswith("jaxgrade grade: grader fault:") and len(err.strip().splitlines()) == 1
    )


def test_unsafe_no_sandbox_is_recorded(env: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    populate(env["subs"])
    code, _, _ = run_cli(base_args(env, "--isolation", "none", "--unsafe-no-sandbox"), capsys)
    assert code == 0
    report = (env["out"] / "report.md").read_text(encoding="utf-8")
    assert "UNSAFE" in report and "unsafe_no_sandbox" in report
    doc = json.loads((env["out"] / "alice" / "results.json").read_text(encoding="utf-8"))
    assert "unsafe_no_sandbox" in doc["extra_data"]["flags"]
    # a later sandboxed run does not trust the unsandboxed grades
    env["calls"].unlink()
    assert run_cli(base_args(env, "--isolation", "rlimit"), capsys)[0] == 0
    assert calls(env) == ["=HYPERLINK(1)", "alice", "bob", "dave"]


def test_exercise_filter(env: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    populate(env["subs"])
    code, _, _ = run_cli(base_args(env, "--exercises", "silu_ffi,histogram"), capsys)
    assert code == 0
    alice = read_csv(env["out"])["alice"]
    assert alice["histogram"] == "10.00" and alice["silu_ffi"] == "10.00" and alice["fusion"] == ""
    assert alice["max_total"] == "20.00"
    doc = json.loads((env["out"] / "alice" / "results.json").read_text(encoding="utf-8"))
    assert {t["name"].split(":")[0] for t in doc["tests"]} == {"histogram", "silu_ffi"}


# ----------------------------------------------------------------------------------------- kill -9 and resume

DRIVER = """
import argparse, sys
from autograder.commands import grade
from tests.helpers.fake_grading import fake_grade
p = argparse.ArgumentParser()
grade.add_arguments(p)
sys.exit(grade.run(p.parse_args(sys.argv[1:]), grade_fn=fake_grade))
"""


def many_students(subs: Path, n: int) -> None:
    subs.mkdir(parents=True)
    for i in range(n):
        parts = EXERCISE_IDS[: i % 9]
        code = " ".join(f"{ex}:a" for ex in parts) + (" fusion:b" if i % 2 else "")
        (subs / f"s{i:02d}.ipynb").write_bytes(nb_bytes("ch02" if i % 3 else "ch05", code))


def test_kill_9_mid_batch_then_resume_gives_the_same_grades(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    many_students(subs, 20)
    rel = make_release(tmp_path / "rel")
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("FAKE_CALLS", None)

    def cmd(out: Path) -> list[str]:
        return [
            sys.executable,
            str(driver),
            str(subs),
            "--out",
            str(out),
            "--release",
            str(rel),
            "--jobs",
            "2",
        ]

    # reference: an uninterrupted run
    ref = subprocess.run(cmd(tmp_path / "ref"), env=env, capture_output=True, text=True, timeout=600)
    assert ref.returncode == 0, ref.stderr

    # interrupted run: students s06.. block inside the grader; kill -9 once s00..s05 are graded
    out = tmp_path / "out"
    proc = subprocess.Popen(
        cmd(out),
        env={**env, "FAKE_BLOCK_FROM": "6"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    states: dict[str, int] = {}
    try:
        deadline = time.monotonic() + 300  # safety net only: the assertions below do not depend on time
        while time.monotonic() < deadline and proc.poll() is None:
            if (out / "gradebook.sqlite").exists():
                try:
                    db = sqlite3.connect(f"file:{out / 'gradebook.sqlite'}?mode=ro", uri=True)
                    states = dict(
                        db.execute("SELECT state, count(*) FROM submissions GROUP BY state").fetchall()
                    )
                    db.close()
                except sqlite3.Error:
                    states = {}
                if states.get("graded") == 6 and states.get("running") == 2:
                    break
            time.sleep(0.1)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert states.get("graded") == 6 and states.get("running") == 2, states
    assert proc.returncode == -signal.SIGKILL
    assert not (out / "grades.csv").exists()  # it never got that far

    calls_file = tmp_path / "calls.txt"
    rerun = subprocess.run(
        cmd(out), env={**env, "FAKE_CALLS": str(calls_file)}, capture_output=True, text=True, timeout=600
    )
    assert rerun.returncode == 0, rerun.stderr
    regraded = sorted(calls_file.read_text().split())
    assert regraded == [f"s{i:02d}" for i in range(6, 20)]  # only what was missing
    assert rerun.stderr.count("(unchanged)") == 6
    assert (out / "grades.csv").read_bytes() == (tmp_path / "ref" / "grades.csv").read_bytes()
    db = sqlite3.connect(out / "gradebook.sqlite")
    assert db.execute("SELECT count(*) FROM submissions WHERE state != 'graded'").fetchone()[0] == 0


# ----------------------------------------------------------------------------------------- real runner


@pytest.mark.slow
def test_real_runner_end_to_end(tmp_path: Path, fresh_release: Path) -> None:
    """END TO END through the real runner (sandboxed children) and a release built from solutions/.

    Grades the untouched released notebooks and a broken file, then reruns: nothing is graded twice.
    Two exercises only (one per chapter): the full path is test_end_to_end.py's job.
    """
    import shutil

    if shutil.which("bwrap") is None:
        pytest.skip("bwrap is not installed (apt-get install bubblewrap)")
    ready = ["histogram", "reduce_sum_rules"]
    rel = ReleaseInfo.load(fresh_release)
    subs = tmp_path / "subs"
    (subs / "blank").mkdir(parents=True)
    for ch, path in rel.notebooks.items():
        (subs / "blank" / f"{ch}.ipynb").write_bytes(path.read_bytes())
    (subs / "broken.ipynb").write_bytes(b"{")
    out = tmp_path / "out"
    argv = [
        str(subs),
        "--out",
        str(out),
        "--release",
        str(fresh_release),
        "--jobs",
        "2",
        "--isolation",
        "bwrap",
        "--exercises",
        ",".join(ready),
    ]
    assert grade.run(parser().parse_args(argv)) == 0
    rows = read_csv(out)
    assert rows["broken"]["status"] == "malformed:not_json"
    assert rows["blank"]["status"] == "ok"
    assert float(rows["blank"]["total"]) < float(rows["blank"]["max_total"]) == 10.0 * len(ready)
    doc = json.loads((out / "blank" / "results.json").read_text(encoding="utf-8"))
    names = {t["name"].split(":")[0] for t in doc["tests"]}
    quiz = {n for n in names if re.fullmatch(r"ch0[25]\.q[1-8]", n)}  # the chapters' quizzes, always read
    assert names - quiz == set(ready)
    assert len(quiz) == 16
    assert "ch02/child" in (out / "report.md").read_text(encoding="utf-8")
    first = (out / "grades.csv").read_bytes()
    with sqlite3.connect(out / "gradebook.sqlite") as db:
        graded_at = db.execute("SELECT graded_at FROM submissions WHERE student_id='blank'").fetchone()[0]
    assert grade.run(parser().parse_args(argv)) == 0  # unchanged: not regraded
    assert (out / "grades.csv").read_bytes() == first
    with sqlite3.connect(out / "gradebook.sqlite") as db:
        assert (
            db.execute("SELECT graded_at FROM submissions WHERE student_id='blank'").fetchone()[0]
            == graded_at
        )


def test_run_settings_come_from_the_command_line(env: dict[str, Path]) -> None:
    from autograder.grade import run as runner

    populate(env["subs"])
    argv = base_args(
        env, "--isolation", "rlimit", "--exercises", "fusion,histogram", "--timeout-scale", "2.5"
    )
    opts = grade.check_options(parser().parse_args(argv))
    s = grade.make_run_settings(opts, runner.RunSettings)
    assert s.isolation == "rlimit" and s.exercises == ("histogram", "fusion") and s.timeout_scale == 2.5
    assert not s.unsafe_no_sandbox
    assert env["subs"].resolve() in s.hidden and env["out"].resolve() in s.hidden  # students never see them


def test_chapters_at_once_when_every_student_graded_at_once_has_two_cores(env: dict[str, Path]) -> None:
    from autograder.grade import run as runner
    from autograder.grade.cores import available_cores, chapters_at_once_for

    populate(env["subs"])

    def at_once(*extra: str) -> bool:
        opts = grade.check_options(parser().parse_args(base_args(env, *extra)))
        return grade.make_run_settings(opts, runner.RunSettings).chapters_at_once

    cores = available_cores()
    assert at_once("--jobs", "1") is (cores >= 2)
    assert at_once("--jobs", str(cores)) is False  # a full machine: one after the other
    assert at_once("--jobs", str(cores), "--chapters-at-once", "on") is True
    assert at_once("--jobs", "1", "--chapters-at-once", "off") is False
    by_jobs = [chapters_at_once_for("auto", jobs, cores=4) for jobs in (1, 2, 3, 4)]
    assert by_jobs == [True, True, False, False]
    assert chapters_at_once_for("auto", 1, cores=1) is False


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_tty_and_plain_lines_otherwise(env: dict[str, Path]) -> None:
    from autograder.grade.batch import BatchConfig, run_batch

    populate(env["subs"])
    rel = ReleaseInfo.load(env["rel"])
    tty, out = FakeTTY(), io.StringIO()
    cfg = BatchConfig(env["subs"], env["out"], rel, jobs=2)
    summary = run_batch(cfg, fake_grade, None, err=tty, out=out)
    assert summary.exit_code == 0 and len(summary.graded_now) == 7
    text = tty.getvalue()
    assert (
        text.count("\r\x1b[2K[") == 7 and "[########################] [7/7]" in text and text.endswith("\n")
    )
    plain = io.StringIO()
    run_batch(
        BatchConfig(env["subs"], env["out"], rel, jobs=2, regrade=True), fake_grade, None, err=plain, out=out
    )
    assert "\r" not in plain.getvalue() and plain.getvalue().count("\n") == 7


def test_rlimit_mode_refuses_world_readable_submissions(
    env: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="jaxgrade-test-"))  # parents reachable by others, unlike tmp_path
    try:
        base.chmod(0o711)
        subs = base / "subs"
        populate(subs)
        subs.chmod(0o755)
        assert grade.others_can_reach(subs)
        argv = [str(subs), "--out", str(env["out"]), "--release", str(env["rel"]), "--isolation", "rlimit"]
        code, _, err = run_cli(argv, capsys)
        assert code == 2 and "chmod o-rwx" in err and len(err.strip().splitlines()) == 1
        subs.chmod(0o750)
        assert not grade.others_can_reach(subs)
        code, _, _ = run_cli(argv, capsys)
        assert code == 0
        assert (env["out"].stat().st_mode & 0o777) == 0o700
    finally:
        shutil.rmtree(base)


def test_failed_kernel_build_shows_in_the_status(
    env: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    env["subs"].mkdir()
    (env["subs"] / "ivan").mkdir()
    (env["subs"] / "ivan" / "a.ipynb").write_bytes(nb_bytes("ch02", ALL_OK))
    (env["subs"] / "ivan" / "b.ipynb").write_bytes(nb_bytes("ch05", ALL_OK + " BUILD_ERROR"))
    (env["subs"] / "judy.ipynb").write_bytes(nb_bytes("ch05", ALL_OK + " BUILD_ERROR"))
    assert run_cli(base_args(env), capsys)[0] == 0
    rows = read_csv(env["out"])
    assert rows["ivan"]["status"] == "build_failed"
    assert rows["judy"]["status"] == "partial:not_submitted:ch02"  # a missing chapter says more


def test_one_batch_per_out_folder(env: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    import fcntl

    populate(env["subs"])
    env["out"].mkdir()
    with open(env["out"] / ".jaxgrade.lock", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        code, _, err = run_cli(base_args(env), capsys)
        assert code == 1 and "already writing" in err
    assert run_cli(base_args(env), capsys)[0] == 0  # the lock went with its holder
