"""Reading one student's entry into memory (trusted parent, hostile input): bytes only, no parsing.

A folder is walked without following links; a zip archive is read member by member into memory and
never extracted. Every cap of `IntakeLimits` is checked before a byte is read (sizes from `lstat`
or from the archive's declarations) and again while reading (files that grow, members that inflate
past what they declared). The rules and their reasons are in the docstring of `grade/intake.py`.

Two kinds of outcome: `Refused` (the entry, or the whole student, is refused; its `code` becomes
`malformed:<code>`), and notes appended to the caller's `problems` list for files left out while
the rest of the entry is still read (too deep, too large, encrypted, nested archive).
"""

from __future__ import annotations

import calendar
import io
import os
import re
import stat
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from autograder.i18n import _
from autograder.messages import intake_message
from autograder.student_input import StudentInputError

MiB = 2**20

IGNORED_PARTS = frozenset({"__MACOSX", ".ipynb_checkpoints", "__pycache__"})
ARCHIVE_SUFFIXES = (".zip", ".tar", ".gz", ".tgz", ".7z", ".rar", ".xz", ".bz2")
# What reading a member of a damaged archive can raise: all of it means the archive is bad.
_ZIP_MEMBER_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    NotImplementedError,
    RuntimeError,
    ValueError,
)


@dataclass(frozen=True)
class IntakeLimits:
    max_notebook_bytes: int = 20 * MiB
    max_student_bytes: int = 50 * MiB  # on disk, and again uncompressed for a zip
    max_extra_bytes: int = 2 * MiB  # one extra (source) file
    max_files: int = 500  # files (or zip members) per student
    max_depth: int = 8  # folder nesting inside a student's folder or zip
    max_cells: int = 5000


DEFAULT_LIMITS = IntakeLimits()


class Refused(StudentInputError):
    """The whole entry (or student) is refused: `code` becomes `malformed:<code>`."""

    def __init__(self, code: str, name: str, detail: str = ""):
        super().__init__(f"{code}: {name} {detail}", intake_message(code, name=name, detail=detail))
        self.code, self.name, self.detail = code, name, detail

    def message(self) -> str:
        return self.message_zh


@dataclass(frozen=True)
class RawFile:
    path: str  # relative display path inside the entry ("/"-separated, as the student named it)
    data: bytes
    mtime: float


def display_name(name: str) -> str:
    """A file name as text: undecodable bytes from the file system become `\\xNN`."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def read_regular(path: Path, cap: int, shown: str) -> bytes:
    """The bytes of one regular file, at most `cap` of them; never opens a link or blocks on a FIFO."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused("special_file", shown)
        if st.st_size > cap:
            raise Refused("too_large", shown, f"{st.st_size / MiB:.1f} MB")
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > cap:  # grew while we read
                raise Refused("too_large", shown, f"> {cap / MiB:.0f} MB")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _file_cap(path: str, limits: IntakeLimits) -> int:
    return limits.max_notebook_bytes if path.lower().endswith(".ipynb") else limits.max_extra_bytes


def _oversize_note(path: str, size: int, limits: IntakeLimits) -> str | None:
    """The note for a file over its own cap (it is left out), or None when it fits."""
    if size <= _file_cap(path, limits):
        return None
    code = "too_large" if path.lower().endswith(".ipynb") else "extra_too_large"
    return intake_message(code, name=path, detail=f"{size / MiB:.1f} MB")


def _skip_part(parts: list[str]) -> bool:
    return any(p in IGNORED_PARTS or p.startswith(".") for p in parts)


# ---------------------------------------------------------------------------------------------
# A folder


@dataclass(frozen=True)
class _FoundFile:
    rel: str  # display path inside the folder
    path: Path
    st: os.stat_result


def _walk_dir(root: Path, limits: IntakeLimits, problems: list[str]) -> list[_FoundFile]:
    """Every regular file under `root`, counted and sized from `lstat` before any is opened."""
    found: list[_FoundFile] = []
    total = 0
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        rel_dir = Path(dirpath).relative_to(root)
        depth = len(rel_dir.parts)
        for d in sorted(dirnames):
            st = os.lstat(Path(dirpath) / d)
            if stat.S_ISLNK(st.st_mode):
                raise Refused("symlink", display_name(str(rel_dir / d)))
        if depth >= limits.max_depth:
            problems.append(intake_message("too_deep", name=display_name(str(rel_dir))))
            dirnames[:] = []
        dirnames.sort()
        for f in sorted(filenames):
            p = Path(dirpath) / f
            rel = display_name((rel_dir / f).as_posix())
            st = os.lstat(p)
            if stat.S_ISLNK(st.st_mode):
                raise Refused("symlink", rel)
            if not stat.S_ISREG(st.st_mode):
                raise Refused("special_file", rel)
            found.append(_FoundFile(rel, p, st))
            if len(found) > limits.max_files:
                raise Refused("too_many_files", display_name(root.name), f"> {limits.max_files}")
            total += st.st_size
            if total > limits.max_student_bytes:
                cap_mb = limits.max_student_bytes / MiB
                raise Refused("too_large", display_name(root.name), f"> {cap_mb:.0f} MB")
    return found


def _left_out_notebook(path: str, detail: str, left_out: list[tuple[str, str]] | None) -> None:
    """Record a notebook left out for its size (its path and size): a hand-in of only such notebooks is
    refused as too large (`malformed:too_large`), and a chapter whose notebook it was is labelled too
    large (`partial:too_large:<chapter>`), never taken for one the student did not hand in."""
    if left_out is not None and path.lower().endswith(".ipynb"):
        left_out.append((path, detail))


def read_dir(
    root: Path, limits: IntakeLimits, problems: list[str], left_out: list[tuple[str, str]] | None = None
) -> list[RawFile]:
    """Every regular file under `root`; refuses links and special files, counts sizes before reading.
    Files over their cap are left out with a note (and a notebook's path and size in `left_out`)."""
    files = []
    for f in _walk_dir(root, limits, problems):
        if _skip_part(f.rel.split("/")):
            continue
        if note := _oversize_note(f.rel, f.st.st_size, limits):
            problems.append(note)
            _left_out_notebook(f.rel, f"{f.st.st_size / MiB:.1f} MB", left_out)
            continue
        try:
            files.append(RawFile(f.rel, read_regular(f.path, _file_cap(f.rel, limits), f.rel), f.st.st_mtime))
        except Refused as r:
            if r.code != "too_large":
                raise
            problems.append(r.message())
            _left_out_notebook(f.rel, r.detail, left_out)
    return files


# ---------------------------------------------------------------------------------------------
# A zip archive


def _open_zip(data: bytes, shown: str, limits: IntakeLimits) -> zipfile.ZipFile:
    """The archive, once its member count is known to be within the cap."""
    # Count central-directory headers before zipfile builds one object per entry (a 50 MB archive
    # can declare ~600k entries). Stray matches inside compressed data are rare and only add a few.
    headers = data.count(b"PK\x01\x02")
    if headers > limits.max_files + 16:
        raise Refused("too_many_files", shown, f"{headers} > {limits.max_files}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as exc:
        raise Refused("bad_zip", shown, type(exc).__name__) from exc
    if len(infos) > limits.max_files:
        raise Refused("too_many_files", shown, f"{len(infos)} > {limits.max_files}")
    return zf


def _zip_member_name(info: zipfile.ZipInfo, archive: str) -> str:
    name = info.filename.replace("\\", "/")
    if name.startswith("/") or re.match(r"^[A-Za-z]:", name) or "\x00" in name:
        raise Refused("unsafe_zip", archive, _("绝对路径 {name!r}").format(name=name))
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        raise Refused("unsafe_zip", archive, _("路径 {name!r} 指向压缩包外").format(name=name))
    return "/".join(parts)


def _checked_names(infos: list[zipfile.ZipInfo], shown: str, limits: IntakeLimits) -> list[str]:
    """Each member's safe relative name. Structure is checked for every member before any is read:
    a link, a special file or an escaping name refuses the archive, and so does a declared total
    over the student's cap."""
    names = []
    for info in infos:
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise Refused("unsafe_zip", shown, _("符号链接 {filename!r}").format(filename=info.filename))
        if mode and stat.S_IFMT(mode) not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise Refused("unsafe_zip", shown, _("特殊文件 {filename!r}").format(filename=info.filename))
        names.append(_zip_member_name(info, shown))
    declared = sum(i.file_size for i in infos)
    if declared > limits.max_student_bytes:
        raise Refused("zip_bomb", shown, _("声明 {value:.1f} MB").format(value=declared / MiB))
    return names


def _member_left_out(info: zipfile.ZipInfo, name: str, limits: IntakeLimits) -> str | None:
    """The note for a member that is not read (the rest of the archive is), or None to read it."""
    if len(name.split("/")) > limits.max_depth:
        return intake_message("too_deep", name=name)
    if info.flag_bits & 0x1:
        return intake_message("encrypted", name=name)
    if name.lower().endswith(ARCHIVE_SUFFIXES):
        return intake_message("nested_archive", name=name)
    return _oversize_note(name, info.file_size, limits)


def _inflate_member(
    zf: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, shown: str, budget: int, limits: IntakeLimits
) -> bytes:
    """A member's bytes, counted while decompressing: past its declared size, its own cap or the
    `budget` left of the student's cap, it is a zip bomb."""
    cap = _file_cap(name, limits)
    chunks, n = [], 0
    try:
        with zf.open(info) as member:
            while chunk := member.read(1 << 16):
                n += len(chunk)
                if n > info.file_size or n > cap or n > budget:
                    raise Refused("zip_bomb", shown, _("{name!r} 解压超过声明大小").format(name=name))
                chunks.append(chunk)
    except Refused:
        raise
    except _ZIP_MEMBER_ERRORS as exc:
        raise Refused("bad_zip", shown, f"{name!r}: {type(exc).__name__}") from exc
    return b"".join(chunks)


def _member_mtime(info: zipfile.ZipInfo) -> float:
    try:  # zip timestamps carry no time zone: read them as UTC so the choice is reproducible
        return float(calendar.timegm((*info.date_time, 0, 0, 0)))
    except (OverflowError, ValueError):
        return 0.0


def read_zip(
    path: Path, limits: IntakeLimits, problems: list[str], left_out: list[tuple[str, str]] | None = None
) -> list[RawFile]:
    """Every member worth reading, in memory; the archive is never extracted to disk. Members over
    their cap are left out with a note (and a notebook's path and size in `left_out`)."""
    shown = display_name(path.name)
    zf = _open_zip(read_regular(path, limits.max_student_bytes, shown), shown, limits)
    infos = zf.infolist()
    names = _checked_names(infos, shown, limits)
    files: list[RawFile] = []
    total = 0
    for info, name in zip(infos, names, strict=True):
        parts = name.split("/") if name else []
        if info.is_dir() or not parts or _skip_part(parts):
            continue
        if note := _member_left_out(info, name, limits):
            problems.append(note)
            if info.file_size > _file_cap(name, limits):
                _left_out_notebook(name, f"{info.file_size / MiB:.1f} MB", left_out)
            continue
        data = _inflate_member(zf, info, name, shown, limits.max_student_bytes - total, limits)
        total += len(data)
        files.append(RawFile(name, data, _member_mtime(info)))
    return files


def strip_common_folder(files: list[RawFile]) -> list[RawFile]:
    """`hw/a.ipynb`, `hw/silu.cc` -> `a.ipynb`, `silu.cc` when one folder holds everything."""
    tops = {f.path.split("/", 1)[0] for f in files}
    if len(tops) == 1 and all("/" in f.path for f in files):
        return [RawFile(f.path.split("/", 1)[1], f.data, f.mtime) for f in files]
    return files
