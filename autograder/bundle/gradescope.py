"""Gradescope's `/autograder/run_autograder`: grade one submission, always write results.json (trusted).

Contract (Gradescope's autograder specification; the image of grader.Dockerfile has the same layout):

  /autograder/submission/              in: the student's files (notebooks, optional silu.cc, ...),
                                       graded like one `<id>/` folder of `jaxgrade grade`
  /autograder/submission_metadata.json in, optional: the submission id (for the log) and the first
                                       submitter's Student ID (`users[0].sid`, else their email): the id
                                       per-student variants (the recompile sequence) are chosen by
  /autograder/results/results.json     out: ALWAYS written, even when grading failed
  stdout                               Gradescope keeps it as /autograder/results/stdout and shows it
                                       to staff only (`stdout_visibility` "hidden")

Grading takes the path of `jaxgrade grade` (intake, `batch.grade_student` around the runner,
`reports.results_json`), so a submission scores the same here and in a batch.

A grader fault (the sandbox would not start, a broken release, a bug) never looks like the student's
own zero: results.json then has score 0, one failed test "autograder" telling the student in Chinese
that the autograder failed and staff will rerun it, `extra_data` {"status": "grader_error",
"error": one line} for staff, and the traceback on stdout. This fallback uses the standard library
only, so it works when the package itself cannot be imported; `run_autograder` (shell) writes a
last-resort results.json when Python cannot run at all.

Environment:
  JAXGRADE_AUTOGRADER_ROOT   default /autograder (tests point it elsewhere)
  JAXGRADE_RELEASE           a version under <project>/assignments/ or a folder (default: the last one)
  JAXGRADE_ISOLATION         rlimit (default) | bwrap | none (needs JAXGRADE_UNSAFE_NO_SANDBOX=1)
  JAXGRADE_TIMEOUT_SCALE     multiplies every time limit (default 1)
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from autograder.i18n import _
from autograder.messages import GRADER_FAULT_ZH  # no dependencies: the fault path needs nothing else
from autograder.states import Isolation  # no dependencies either

PROJECT = Path(__file__).resolve().parents[2]  # /opt/jaxgrade/src in the images
STUDENT_ID = "submission"  # when Gradescope's metadata names no student (a test run by hand)
ISOLATIONS = (Isolation.RLIMIT, Isolation.BWRAP, Isolation.NONE)
FAULT_TEST_NAME = "autograder"
MAX_OUTPUT_CHARS = 60_000  # keeps the JSON far below Gradescope's size limit


class SetupError(RuntimeError):
    """The autograder is misconfigured (no release, bad environment): a grader fault."""


def _root() -> Path:
    return Path(os.environ.get("JAXGRADE_AUTOGRADER_ROOT", "/autograder"))


def find_release(project: Path = PROJECT) -> Path:
    wanted = os.environ.get("JAXGRADE_RELEASE", "").strip()
    if wanted:
        path = Path(wanted) if "/" in wanted else project / "assignments" / wanted
        if not (path / "manifest.json").is_file():
            raise SetupError(f"JAXGRADE_RELEASE={wanted}: no manifest.json at {path}")
        return path
    found = sorted(p.parent for p in (project / "assignments").glob("*/manifest.json"))
    if not found:
        raise SetupError(f"no release (assignments/<version>/manifest.json) under {project}")
    return found[-1]


def _release_points(release: Path | None) -> float | None:
    """Total points of the release (for the fault result; the last release when it is not known),
    None when unreadable."""
    candidates = [release] if release is not None else []
    candidates += sorted(p.parent for p in (PROJECT / "assignments").glob("*/manifest.json"))[-1:]
    for root in candidates:
        try:
            doc = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
            return float(sum(float(e["points"]) for e in doc["exercises"]))
        except Exception:  # noqa: BLE001 - best effort while reporting another failure
            continue
    return None


def _isolation() -> tuple[str, bool]:
    mode = os.environ.get("JAXGRADE_ISOLATION", "rlimit").strip() or "rlimit"
    if mode not in ISOLATIONS:
        raise SetupError(f"JAXGRADE_ISOLATION={mode!r}: expected one of {', '.join(ISOLATIONS)}")
    unsafe = os.environ.get("JAXGRADE_UNSAFE_NO_SANDBOX", "") == "1"
    if mode == "none" and not unsafe:
        raise SetupError(
            "JAXGRADE_ISOLATION=none runs student code unsandboxed; set JAXGRADE_UNSAFE_NO_SANDBOX=1"
        )
    return mode, unsafe


def _private(path: Path) -> None:
    """Only the grader (root) may enter: the sandbox uids rely on permissions (rlimit mode)."""
    if os.geteuid() == 0 and path.is_dir() and not path.is_symlink():
        try:
            os.chmod(path, 0o700)
        except OSError:  # e.g. a read-only mount: the sandbox's check of hidden paths still applies
            pass


def _compile_cache(release_root: Path, version: str, mode: str) -> Path | None:
    """The trusted compile cache (grade/compile_cache.py) under $JAXGRADE_COMPILE_CACHE_ROOT (the one
    `jaxgrade bundle --compile-cache` shipped, installed by setup.sh), when it was made for this
    release, grader, jaxlib and CPU; otherwise None (grading without it). Prints which, and why."""
    from autograder.grade import compile_cache

    if not os.environ.get(compile_cache.ENV_ROOT) or mode == "none":
        return None
    path = compile_cache.cache_dir(release_root, version)
    reason = compile_cache.usable(path, reachable_by_others=mode == "rlimit")
    if reason is not None and not path.exists():
        reason = _other_caches(path) or reason
    print(f"compile cache {path.name}: {reason or 'used'}")
    return path if reason is None else None


def _other_caches(own: Path) -> str | None:
    """Why the caches next to `own` (e.g. one made on the instructor's machine) are not this host's."""
    from autograder.grade import compile_cache

    try:
        names = sorted(p.name for p in own.parent.iterdir() if compile_cache.CACHE_NAME.fullmatch(p.name))
    except OSError:
        return None
    why = [f"{name} is {compile_cache.name_mismatch(name, own.name)}" for name in names if name != own.name]
    return f"not used: {'; '.join(why)}" if why else None


def grade(root: Path, work: Path) -> dict[str, Any]:
    """Grade root/submission and return Gradescope's results.json document. Raises on grader faults."""
    from autograder.grade import reports
    from autograder.grade.batch import GradingScope, grade_student
    from autograder.grade.cores import chapters_at_once_for
    from autograder.grade.intake import Entry, intake_student
    from autograder.grade.run import RunSettings, grade_submission
    from autograder.model import ReleaseInfo

    submission = root / "submission"
    if not submission.is_dir():
        raise SetupError(f"{submission} is not a folder")
    mode, unsafe = _isolation()
    try:
        scale = float(os.environ.get("JAXGRADE_TIMEOUT_SCALE", "1") or 1)
    except ValueError as exc:
        raise SetupError(f"JAXGRADE_TIMEOUT_SCALE: {exc}") from exc
    release_root = find_release()
    release = ReleaseInfo.load(release_root)
    for path in (submission, root / "results", root / "source"):
        _private(path)
    scratch = work / "scratch"
    scratch.mkdir(mode=0o755)
    os.chmod(work, 0o755)  # the sandbox uid must reach its scratch folders below
    from autograder.quiz.grading_key import key_file

    private = (
        submission,
        root / "results",
        root / "source",
        release_root,
        key_file(release_root),  # the quiz key beside the release: never visible to student code
        PROJECT / "autograder" / "exercises",
    )
    settings = RunSettings.from_options(
        isolation=mode,
        unsafe_no_sandbox=unsafe,
        timeout_scale=scale,
        scratch_root=scratch,
        build_cache=work / "build-cache",
        hidden=tuple(p.resolve() for p in private if p.exists()),
        compile_cache=_compile_cache(release_root, release.version, mode),
        # one submission per run: its chapters at once when the machine has two cores (bwrap only)
        chapters_at_once=chapters_at_once_for("auto", 1),
    )
    sid = student_id(root)
    sub = intake_student(sid, [Entry(sid, submission, "dir")], release_version=release.version)
    result = grade_student(sub, release, lambda s: grade_submission(s, release, settings),
                           GradingScope(unsafe_no_sandbox=unsafe))  # fmt: skip
    print(f"release {release.version} ({release_root}), isolation {mode}")
    print(f"status {result.status}: {result.total:g} / {result.max_total:g}")
    for ex, s in result.scores.items():
        print(f"  {ex:18} {s.score:6.2f} / {s.max_score:<6g} {s.status}")
    for p in result.phases:
        print(f"  phase {p.name:22} {p.duration_s:8.2f} s  {p.outcome}")
    if result.flags:
        print(f"flags: {', '.join(result.flags)}")
    return _with_quiz(reports.results_json(result), release_root, sub, sid)


def _with_quiz(doc: dict[str, Any], release_root: Path, sub: Any, sid: str) -> dict[str, Any]:
    """Choice questions scored, written ones listed for Gradescope's manual grading (quiz/results_json.py)."""
    from autograder.quiz.grading_key import load_key
    from autograder.quiz.results_json import with_quiz
    from autograder.quiz.score import score_submission

    key = load_key(release_root)
    if key is None:
        return doc
    return with_quiz(doc, score_submission(key, sub, sid))


def fault_results(error: str, points: float | None, elapsed_s: float) -> dict[str, Any]:
    """results.json for a grader fault: 0 points, a visible note for the student, the reason for staff."""
    line = " ".join(error.split())[:1000]
    test: dict[str, Any] = {
        "name": FAULT_TEST_NAME,
        "score": 0.0,
        "status": "failed",
        "output": _(GRADER_FAULT_ZH),
        "output_format": "text",
        "visibility": "visible",
        "tags": ["grader_error"],
    }
    if points is not None:
        test["max_score"] = points
    return {
        "score": 0.0,
        "execution_time": int(round(elapsed_s)),
        "output": _(GRADER_FAULT_ZH),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [test],
        "extra_data": {"status": "grader_error", "error": line},
    }


def write_results(results_dir: Path, doc: dict[str, Any]) -> Path:
    results_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=".results.", suffix=".json", dir=results_dir)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, results_dir / "results.json")
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return results_dir / "results.json"


def student_id(root: Path) -> str:
    """Who is graded: the Student ID Gradescope holds for the first submitter (`sid`, what the course
    roster calls student_id), else their email, else STUDENT_ID. It is the id the grader knows, never
    one the student typed, so it is what per-student variants (the recompile sequence) follow."""
    try:
        meta = json.loads((root / "submission_metadata.json").read_text(encoding="utf-8"))
        user = (meta.get("users") or [{}])[0]
        for key in ("sid", "email"):
            value = user.get(key)
            if isinstance(value, str | int) and str(value).strip() and len(str(value)) <= 200:
                return str(value).strip()
    except (OSError, ValueError, AttributeError, IndexError, TypeError):
        pass  # no or unreadable metadata: grade under the fixed id
    return STUDENT_ID


def _submission_id(root: Path) -> str:
    try:
        meta = json.loads((root / "submission_metadata.json").read_text(encoding="utf-8"))
        return str(meta.get("id", "?"))
    except Exception:  # noqa: BLE001 - the metadata is informational only
        return "?"


def main(argv: list[str] | None = None) -> int:
    started = time.monotonic()
    root = _root()
    print(f"jaxgrade autograder: submission {_submission_id(root)} of {student_id(root)!r} "
          f"in {root / 'submission'}", flush=True)
    work = Path(tempfile.mkdtemp(prefix="jaxgrade-gs-"))
    try:
        try:
            doc = grade(root, work)
        except BaseException as exc:  # noqa: BLE001 - every failure of ours must still produce results.json
            if isinstance(exc, KeyboardInterrupt):
                error = "interrupted"
            else:
                error = f"{type(exc).__name__}: {exc}"
            print("GRADER FAULT (not the student's fault; the score of 0 is a placeholder):", error)
            traceback.print_exc(file=sys.stdout)
            release = None
            try:
                release = find_release()
            except Exception:  # noqa: BLE001
                pass
            doc = fault_results(error, _release_points(release), time.monotonic() - started)
        doc["execution_time"] = int(round(time.monotonic() - started))
        if isinstance(doc.get("output"), str) and len(doc["output"]) > MAX_OUTPUT_CHARS:
            doc["output"] = doc["output"][:MAX_OUTPUT_CHARS] + "\n…"
        path = write_results(root / "results", doc)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {path} (score {doc['score']:g}) in {time.monotonic() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
