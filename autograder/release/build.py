"""Build `assignments/<version>/` from the master notebooks (instructor side).

Steps: read the masters -> real `otter assign` per chapter (in parallel, child processes) ->
post-process the student notebooks (metadata only) -> copy otter's public test files and the
course library (`jaxcourse/`, `kernels/`) -> write `manifest.json` -> verify (static checks,
optionally a real kernel run) -> move the staged folder into place with a rename.
Everything is staged next to the destination, so a failed release leaves nothing behind.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autograder.exercises import EXERCISE_IDS
from autograder.release.masters import MasterError, MasterNotebook, find_masters
from autograder.release.otter_run import AssignOutput, OtterAssignError, run_otter_assign
from autograder.release.postprocess import PostprocessError, release_notebook
from autograder.release.quiz import (
    QUIZ_FILE,
    key_doc,
    key_path,
    key_problems,
    manifest_section,
    public_doc,
    quiz_salt,
    release_problems,
)
from autograder.release.verify import MANIFEST, check_release, released_files, sha256_file

REPO_ROOT = Path(__file__).resolve().parents[2]
LIBRARY_DIRS = ("jaxcourse", "kernels")  # copied so the release folder is self-contained
_LIBRARY_SKIP = re.compile(r"(__pycache__|\.pyc$|\.so$|\.o$|\.dylib$|^\.|\.egg-info|\.pot?$|^babel\.cfg$)")
# (a catalogue ships compiled: locale/<lang>/LC_MESSAGES/*.mo; its .po, .pot and babel.cfg stay here)
_VERSION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_SERVICE_URL = re.compile(r"^https?://[^\s/?#]+(/[^\s?#]*)?$")
# The ids of the course file (autograder/term/course.py, a sibling layer; test_release checks they agree)
_ASSIGNMENT_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class ReleaseError(RuntimeError):
    """The release was refused; nothing was written to the destination."""


@dataclass(frozen=True)
class ReleaseReport:
    version: str
    path: Path
    points: dict[str, float]
    notebooks: dict[str, str]
    file_count: int
    restored_metadata: int  # cells whose jaxgrade metadata otter dropped and the release restored
    duration_s: float
    verify_run_s: float | None


def library_files(root: Path = REPO_ROOT) -> dict[str, Path]:
    """relpath -> file of the course library that ships with every release."""
    out: dict[str, Path] = {}
    for d in LIBRARY_DIRS:
        base = root / d
        if not base.is_dir():
            raise ReleaseError(f"course library folder {base} is missing")
        for p in sorted(base.rglob("*")):
            rel = p.relative_to(root).as_posix()
            if p.is_file() and not any(_LIBRARY_SKIP.search(part) for part in p.relative_to(root).parts):
                out[rel] = p
    return out


def _points_json(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def build_manifest(
    version: str,
    release: Path,
    masters: dict[str, MasterNotebook],
    solutions_label: str,
    service_url: str | None = None,
    service_assignment: str | None = None,
) -> dict[str, Any]:
    questions = {q.id: q for m in masters.values() for q in m.questions}
    missing = [ex for ex in EXERCISE_IDS if ex not in questions]
    if missing:
        raise ReleaseError(f"the masters define no question for exercise(s) {missing}")
    doc: dict[str, Any] = {
        "version": version,
        "exercises": [
            {"id": ex, "chapter": questions[ex].chapter, "points": _points_json(questions[ex].points)}
            for ex in EXERCISE_IDS
        ],
        "notebooks": {ch: masters[ch].path.name for ch in sorted(masters)},
        # the quizzes, public part only (the key is beside the release folder, see release/quiz.py)
        "quiz": manifest_section(masters),
        "quiz_points": {ch: _points_json(sum(q.points for q in masters[ch].quiz)) for ch in sorted(masters)},
        "files": {p.relative_to(release).as_posix(): sha256_file(p) for p in released_files(release)},
        "source": {
            f"{solutions_label}/{m.path.name}": m.sha256
            for m in sorted(masters.values(), key=lambda m: m.path.name)
        },
    }
    # where the notebooks' submit cell uploads (jaxcourse.submit()), and to which assignment of a term
    service = {"url": service_url, "assignment": service_assignment}
    if any(service.values()):
        doc["service"] = {k: v for k, v in service.items() if v}
    return doc


def dump_json(doc: Any) -> bytes:
    return (json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def _assemble(
    release: Path, scratch: Path, masters: dict[str, MasterNotebook], version: str, library: dict[str, Path],
    salt: str,
) -> int:
    """Write notebooks, tests and library into `release`; returns the count of restored metadata."""
    chapters = sorted(masters)
    with ThreadPoolExecutor(max_workers=len(chapters)) as pool:
        outputs: dict[str, AssignOutput] = dict(
            zip(
                chapters,
                pool.map(lambda ch: run_otter_assign(masters[ch].path, scratch / ch), chapters),
                strict=True,
            )
        )
    restored = 0
    (release / "tests").mkdir(parents=True)
    for ch in chapters:
        master, out = masters[ch], outputs[ch]
        released = release_notebook(out.student_notebook.read_text(encoding="utf-8"), master, version)
        restored += released.restored_cells
        (release / master.path.name).write_bytes(released.data)
        expected = {q.id for q in master.questions}
        if set(out.student_tests) - expected:
            raise ReleaseError(
                f"otter wrote tests for unknown questions {sorted(set(out.student_tests) - expected)}"
            )
        for name, path in out.student_tests.items():
            (release / "tests" / f"{name}.py").write_bytes(path.read_bytes())
    for rel, src in library.items():
        dst = release / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(src.read_bytes())
    (release / QUIZ_FILE).write_bytes(dump_json(public_doc(masters, salt)))
    return restored


def _checked_quiz_salt(masters: dict[str, MasterNotebook], library_root: Path) -> str:
    """The option-order salt, once the masters' quizzes are checked as a whole."""
    problems = key_problems(masters)
    if problems:
        raise ReleaseError("release refused, the quizzes of the masters:\n  " + "\n  ".join(problems))
    return quiz_salt(library_root)


def _static_checks(release: Path, manifest: dict[str, Any], masters: dict[str, MasterNotebook],
                   shipped_anyway: set[str], log: Callable[[str], None]) -> None:
    problems = check_release(release, masters, shipped_anyway)
    problems += release_problems(release, manifest, masters)
    if problems:
        raise ReleaseError("release refused, static checks failed:\n  " + "\n  ".join(problems))
    n_quiz = sum(len(m.quiz) for m in masters.values())
    log(f"release: static checks passed ({len(manifest['files'])} files, 8 exercises, {n_quiz} quiz "
        "questions, no answer line found)")


def _place_quiz_key(staging: Path, dest: Path, masters: dict[str, MasterNotebook], version: str,
                    salt: str) -> None:
    """The quiz key goes beside the release folder, never into what students receive."""
    staged_key = staging / "quiz-key.json"
    staged_key.write_bytes(dump_json(key_doc(masters, version, salt)))
    os.rename(staged_key, key_path(dest))


def build_release(
    version: str,
    solutions: Path,
    out: Path,
    *,
    force: bool = False,
    verify_run: bool = False,
    library_root: Path = REPO_ROOT,
    service_url: str | None = None,
    service_assignment: str | None = None,
    log: Callable[[str], None] = print,
) -> ReleaseReport:
    started = time.monotonic()
    if not _VERSION.match(version):
        raise ReleaseError(f"version {version!r} must match {_VERSION.pattern}")
    if service_url is not None and not _SERVICE_URL.match(service_url):
        raise ReleaseError(f"--service-url {service_url!r} must be an http:// or https:// address")
    if service_assignment is not None and not _ASSIGNMENT_ID.match(service_assignment):
        raise ReleaseError(
            f"--service-assignment {service_assignment!r} must be an assignment id of the course file "
            "(a-z, 0-9, _ and -)"
        )
    try:
        masters = find_masters(solutions)
    except MasterError as exc:
        raise ReleaseError(str(exc)) from exc
    salt = _checked_quiz_salt(masters, library_root)
    dest = out / version
    if dest.exists() and not force:
        raise ReleaseError(f"{dest} already exists; pass --force to replace it")
    library = library_files(library_root)
    shipped_anyway = {
        line.strip()
        for p in library.values()
        for line in p.read_text(encoding="utf-8", errors="replace").splitlines()
    }

    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{version}.staging-", dir=out))
    try:
        release = staging / version
        release.mkdir()
        with tempfile.TemporaryDirectory(prefix="jaxgrade-otter-") as scratch:
            try:
                restored = _assemble(release, Path(scratch), masters, version, library, salt)
            except (OtterAssignError, PostprocessError) as exc:
                raise ReleaseError(str(exc)) from exc
        manifest = build_manifest(
            version, release, masters, solutions.resolve().name, service_url, service_assignment
        )
        (release / MANIFEST).write_bytes(dump_json(manifest))
        _static_checks(release, manifest, masters, shipped_anyway, log)
        verify_s = None
        if verify_run:
            from autograder.release.execute import verify_run as run_notebooks

            t0 = time.monotonic()
            problems = run_notebooks(release, masters, log=log)
            verify_s = time.monotonic() - t0
            if problems:
                raise ReleaseError("release refused, notebook execution failed:\n  " + "\n  ".join(problems))
        os.chmod(release, 0o755)
        if dest.exists():  # --force: swap the old version out, the new one in, then delete the old
            os.rename(dest, staging / "replaced")
        os.rename(release, dest)
        _place_quiz_key(staging, dest, masters, version, salt)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return ReleaseReport(
        version=version,
        path=dest,
        points={e["id"]: float(e["points"]) for e in manifest["exercises"]},
        notebooks=manifest["notebooks"],
        file_count=len(manifest["files"]),
        restored_metadata=restored,
        duration_s=time.monotonic() - started,
        verify_run_s=verify_s,
    )


__all__ = ["ReleaseError", "ReleaseReport", "build_manifest", "build_release", "library_files"]
