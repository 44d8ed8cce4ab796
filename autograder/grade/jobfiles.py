"""Parent side of the files a sandboxed child reads and writes (trusted; child output is untrusted).

Scratch layout of one child run (the sandbox shows it at /sandbox/scratch):
  job.json | kernel_job.json   what to run (autograder/sandboxed/child_main.py, kernel_main.py)
  inputs/<id>.json + .npy      ProbeInputs of each exercise (docs/architecture.md, "Inputs")
  prebuilt/<build_key>.so      kernels built by the grader (JAXCOURSE_PREBUILT)
  work/                        the notebook's working folder (student extra files copied here)
  obs/                         observations written by the child
  progress.jsonl               progress lines written by the child

Also prepares the read-only library folder the child imports from (PYTHONPATH), holding only
autograder/__init__.py, autograder/sandboxed/, jaxcourse/ and kernels/.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np

from autograder.exercises.base import ProbeInputs
from autograder.observations import (
    MAX_NPY_BYTES,
    MAX_TOTAL_BYTES,
    Observations,
    StudentError,
    read_observations,
)

JOB_LAYOUT = {"inputs_dir": "inputs", "obs_dir": "obs", "progress": "progress.jsonl", "workdir": "work"}
MAX_PROGRESS_BYTES = 1 * 2**20
MAX_OBS_FILES = 256
_PHASES = frozenset({"setup", "setup_error", "ready", "cells", "probe", "done"})


def write_inputs(inputs_dir: Path, exercise: str, inp: ProbeInputs) -> None:
    inputs_dir.mkdir(parents=True, exist_ok=True)
    arrays = {}
    for i, (name, arr) in enumerate(inp.arrays.items()):
        arr = np.asarray(arr)
        if arr.dtype.kind not in "biufc":
            raise TypeError(f"{exercise}: input array {name!r} has non-numeric dtype {arr.dtype}")
        file_name = f"{exercise}.{i}.npy"
        np.save(inputs_dir / file_name, arr, allow_pickle=False)
        arrays[name] = file_name
    doc = {"seed": inp.seed, "params": inp.params, "arrays": arrays}
    (inputs_dir / f"{exercise}.json").write_text(json.dumps(doc), encoding="utf-8")


def collect_files(obs_dir: Path, exercise: str, dest: Path) -> None:
    """Copy `<exercise>.json` and `<exercise>.<n>.npy` from a folder the child can still change into
    the parent's own `dest`: no link is followed, nothing but a regular file is opened (a FIFO can
    not block us), sizes are capped. Used while the child runs, so read_observations never touches
    the child's folder."""
    dest.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
    try:
        dir_fd = os.open(obs_dir, flags | os.O_DIRECTORY)
    except OSError:
        return
    total = 0
    try:
        names = sorted(os.listdir(dir_fd))[:10_000]
        npy = re.compile(re.escape(exercise) + r"\.\d+\.npy")
        wanted = [n for n in names if n == f"{exercise}.json" or npy.fullmatch(n)]
        for name in wanted[:MAX_OBS_FILES]:
            try:
                fd = os.open(name, flags, dir_fd=dir_fd)
            except OSError:
                continue
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_NPY_BYTES \
                        or total + st.st_size > MAX_TOTAL_BYTES:
                    continue
                data = b""
                while chunk := os.read(fd, 1 << 20):
                    data += chunk
                    if len(data) > MAX_NPY_BYTES:
                        break
                total += len(data)
                (dest / name).write_bytes(data[:MAX_NPY_BYTES + 1])
            except OSError:
                continue
            finally:
                os.close(fd)
    finally:
        os.close(dir_fd)


def read_child_observations(obs_dir: Path, exercise: str, token: str) -> Observations:
    """An exercise's observations (collected with `collect_files`); files without the run's token are
    forged."""
    obs = read_observations(obs_dir, exercise)
    if obs is None:
        return Observations(exercise, {})
    values = dict(obs.values)
    if "__wire__" not in values and token and values.pop("__token__", None) != token:
        values = {"__wire__": StudentError("ForgedOutput", "观测结果不是评分进程写的")}
    values.pop("__token__", None)
    return Observations(exercise, values)


def write_job(scratch: Path, name: str, doc: dict[str, Any]) -> None:
    (scratch / name).write_text(json.dumps({**JOB_LAYOUT, **doc}), encoding="utf-8")


def place_extra_files(workdir: Path, extra_files: dict[str, bytes]) -> None:
    """Copy the submission's extra files (already safe relative paths) into the notebook's folder."""
    for rel, data in extra_files.items():
        parts = PurePosixPath(rel).parts
        if not parts or PurePosixPath(rel).is_absolute() or ".." in parts:
            continue  # intake guarantees safe paths; refuse anything else quietly
        dest = workdir.joinpath(*parts)
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)


@dataclass(frozen=True)
class ProgressEvent:
    exercise: str | None
    phase: str
    error: str = ""


class ProgressReader:
    """Follows progress.jsonl; malformed, unexpected or token-less lines are ignored.

    Create it BEFORE the child starts: it creates the file and keeps its own descriptor, so a child
    that unlinks the path or puts a FIFO or symlink in its place cannot blind or block the parent.
    """

    def __init__(self, path: Path, exercises: tuple[str, ...], token: str = ""):
        self.path = path
        self.exercises = frozenset(exercises)
        self.token = token
        self.offset = 0
        self.pending = b""
        self.fd = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
        os.fchmod(self.fd, 0o666)  # the child (another uid) appends to it

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> ProgressReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def read_new(self) -> list[ProgressEvent]:
        if self.offset >= MAX_PROGRESS_BYTES or self.fd < 0:
            return []
        try:
            chunk = os.pread(self.fd, MAX_PROGRESS_BYTES - self.offset, self.offset)
        except OSError:
            return []
        self.offset += len(chunk)
        data = self.pending + chunk
        *lines, self.pending = data.split(b"\n")
        events = []
        for line in lines:
            try:
                doc = json.loads(line)
            except ValueError:
                continue
            if not isinstance(doc, dict) or doc.get("phase") not in _PHASES:
                continue
            if self.token and doc.get("token") != self.token:
                continue
            ex = doc.get("exercise")
            if ex is not None and ex not in self.exercises:
                continue
            events.append(ProgressEvent(ex, doc["phase"], str(doc.get("error", ""))[:4000]))
        return events


def _tree_files(source_root: Path, release_root: Path | None) -> dict[str, Path]:
    """Relative path in the child library -> file to copy."""
    files: dict[str, Path] = {"autograder/__init__.py": source_root / "autograder" / "__init__.py"}
    for p in sorted((source_root / "autograder" / "sandboxed").rglob("*.py")):
        files[str(p.relative_to(source_root))] = p
    for folder in ("jaxcourse", "kernels"):
        base = release_root if release_root is not None and (release_root / folder).is_dir() else source_root
        for p in sorted((base / folder).rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".so"):
                files[str(p.relative_to(base))] = p
    return files


def prepare_child_library(dest_root: Path, release_root: Path | None) -> Path:
    """Content-addressed read-only copy of what the child may import; reused across jobs."""
    source_root = Path(__file__).resolve().parents[2]
    files = _tree_files(source_root, release_root)
    h = hashlib.sha256()
    for rel, p in files.items():
        h.update(rel.encode() + b"\0" + p.read_bytes() + b"\0")
    dest = dest_root / f"lib-{h.hexdigest()[:16]}"
    if dest.is_dir():
        return dest
    dest_root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".lib-", dir=dest_root))
    for rel, p in files.items():
        target = tmp / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, target)
    for d in [tmp, *(p for p in tmp.rglob("*") if p.is_dir())]:
        os.chmod(d, 0o755)
    for p in tmp.rglob("*"):
        if p.is_file():
            os.chmod(p, 0o444)
    try:
        os.rename(tmp, dest)
    except OSError:  # another job made the same copy first
        shutil.rmtree(tmp, ignore_errors=True)
    return dest
