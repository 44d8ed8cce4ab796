"""Write mapped LMS files as a plain SUBMISSIONS folder the batch grades like any other (trusted parent).

`dest/<student_id>/<rel>` for every file (a student's own top-level `.zip` becomes `dest/<student_id>.zip`,
which the intake opens like any student zip). Bytes are copied bounded: a file over
`max_file_bytes`, a student over `max_student_bytes` or `max_files`, or a zip member that inflates
past its declared size is not staged and is reported. Files on disk are opened without following
links and must be regular. Modification times are kept, so the intake's "newest notebook of a chapter
wins" rule sees what the LMS recorded. The intake then checks everything again as usual.
"""

from __future__ import annotations

import os
import shutil
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path

from autograder.lms.layouts import Item, Source
from autograder.lms.mapping import Mapping

MiB = 2**20
_CHUNK = 1 << 20


@dataclass(frozen=True)
class StageLimits:
    max_file_bytes: int = 50 * MiB
    max_student_bytes: int = 50 * MiB
    max_files: int = 500


class _TooLarge(Exception):
    pass


def _copy_disk(src: Source, dst: Path, cap: int) -> int:
    fd = os.open(src.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{src.path} is not a regular file")
        return _write_bounded(lambda n: os.read(fd, n), dst, cap)
    finally:
        os.close(fd)


def _copy_member(zf: zipfile.ZipFile, src: Source, dst: Path, cap: int) -> int:
    info = zf.getinfo(src.member)
    if info.file_size > cap:
        raise _TooLarge(f"{info.file_size / MiB:.1f} MB declared")
    with zf.open(info) as f:
        # bounded by the declared size as well: a member inflating past it is a zip bomb
        return _write_bounded(f.read, dst, min(cap, info.file_size))


def _write_bounded(read, dst: Path, cap: int) -> int:
    total = 0
    fd = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        while chunk := read(_CHUNK):
            total += len(chunk)
            if total > cap:
                raise _TooLarge(f"more than {cap / MiB:.1f} MB")
            os.write(fd, chunk)
    except BaseException:
        os.close(fd)
        dst.unlink(missing_ok=True)
        raise
    os.close(fd)
    return total


def _target(dest: Path, sid: str, item: Item, zip_taken: bool) -> Path | None:
    if "/" not in item.rel and item.rel.lower().endswith(".zip"):
        return None if zip_taken else dest / f"{sid}.zip"
    return dest / sid / item.rel


def stage(mapping: Mapping, dest: Path, limits: StageLimits = StageLimits()) -> tuple[str, ...]:
    """Fill the (new, empty) folder `dest`; returns the problems (English, for the TA)."""
    problems: list[str] = []
    dest.mkdir(mode=0o700)
    zips: dict[Path, zipfile.ZipFile] = {}
    try:
        for student in mapping.students:
            sid = student.student_id
            if len(student.items) > limits.max_files:
                problems.append(
                    f"{sid}: {len(student.items)} files, more than {limits.max_files}; not graded"
                )
                continue
            declared = sum(i.source.size for i in student.items)
            if declared > limits.max_student_bytes:
                problems.append(f"{sid}: {declared / MiB:.1f} MB of files, more than the cap; not graded")
                continue
            (dest / sid).mkdir(mode=0o700)
            zip_taken = False
            for item in student.items:
                target = _target(dest, sid, item, zip_taken)
                if target is None:
                    problems.append(f"{item.shown}: a second zip of {sid}; only the first is read")
                    continue
                if target.exists():
                    problems.append(f"{item.shown}: {sid} already has a file {item.rel}; ignored")
                    continue
                target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                src = item.source
                try:
                    if src.member:
                        zf = zips.get(src.path)
                        if zf is None:
                            zf = zips[src.path] = zipfile.ZipFile(src.path)
                        _copy_member(zf, src, target, limits.max_file_bytes)
                    else:
                        _copy_disk(src, target, limits.max_file_bytes)
                except _TooLarge as exc:
                    problems.append(f"{item.shown}: too large ({exc}); not graded")
                    continue
                except (OSError, zipfile.BadZipFile, RuntimeError, ValueError) as exc:
                    problems.append(f"{item.shown}: unreadable ({type(exc).__name__}: {exc}); not graded")
                    continue
                os.utime(target, (src.mtime, src.mtime))
                zip_taken = zip_taken or target.suffix == ".zip"
            if not any((dest / sid).iterdir()):
                (dest / sid).rmdir()
    finally:
        for zf in zips.values():
            zf.close()
    return tuple(problems)


def remove_stage(dest: Path) -> None:
    shutil.rmtree(dest, ignore_errors=True)
