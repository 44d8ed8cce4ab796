"""Intake of student submissions (trusted parent, reading hostile input).

A SUBMISSIONS folder holds one entry per student, named by the student id:
`<id>.ipynb`, `<id>.zip` or a folder `<id>/` (notebooks with any file name, plus extra files such
as `.cc`). Entries whose names start with `.` are ignored; two entries with the same id
(`s1.ipynb` and `s1.zip`) are read as one student.

Rules (each refusal becomes a status below and a Chinese message in `problems_zh`; nothing
else in the batch is affected):

- Sizes are capped BEFORE anything is parsed (`IntakeLimits`): a notebook over 20 MB, a student
  over 50 MB, more than 500 files, or nesting deeper than 8 folders is refused.
- Zip archives are never extracted to disk. Members are read into memory; the declared sizes are
  checked first and the bytes are counted again while decompressing (a member that inflates past
  its declared size or past the caps is a zip bomb). Absolute names, `..`, drive letters and
  symlink members refuse the whole archive (`malformed:unsafe_zip`). Nested archives are ignored.
- Folders are walked without following links; a symlink, FIFO or device anywhere refuses the
  student (`malformed:symlink` / `malformed:special_file`): reading a FIFO would hang the grader.
- A notebook must be UTF-8 (a BOM is tolerated) JSON with `nbformat == 4`. nbformat 3 is NOT
  converted: the released notebooks are v4, so a v3 file means the student worked on something
  else; the message asks them to save it again with Jupyter. We do our own structural check
  (cells, cell_type, source, metadata) instead of nbformat's JSON schema, because Colab and
  VS Code notebooks often break the strict schema on fields grading never reads.
- Outputs and attachments are dropped from the parsed notebook: grading re-runs code, it never
  reads what a student's kernel printed. Cells are kept as they are (deleted, reordered or retyped
  cells are the runner's business); points and tests are never read from a submission.
- Chapter matching: notebook metadata `jaxgrade.chapter` first, then the `jaxgrade.exercise` ids
  of its cells, then the interface names its code cells define. When the metadata claims one
  chapter but the code defines none of its interfaces and at least two of the other chapter's,
  the code wins (noted).
- Two notebooks of the same chapter: the one with the newest modification time (file mtime in a
  folder, the member's timestamp inside a zip; ties broken by the larger name) is graded, and
  the student is told which.
- Extra files are kept only for source types (`.cc`, `.h`, `.py`, ...) with safe names (ASCII
  letters, digits, `._+-`, not starting with `-` or `.`): they may end up on a compiler's command
  line. A single top-level folder in an archive is stripped (`hw/silu.cc` -> `silu.cc`).

Statuses (`StudentSubmission.status`): `ok` (at least one chapter notebook), `not_submitted`
(nothing in the entry), or `malformed:<reason>` when nothing is gradable, with reason one of
`empty`, `too_large`, `not_utf8`, `not_json`, `nbformat`, `not_notebook`, `unknown_chapter`,
`bad_zip`, `unsafe_zip`, `zip_bomb`, `too_many_files`, `symlink`, `special_file`,
`unsupported_type`, `no_notebook`. When some files are usable and others not, the status is `ok`
and the refused files are listed in `problems_zh`.

`content_hash` is the sha256 over what can change the grade: per chapter, each cell's type and
`jaxgrade` metadata plus the source of code cells, and every kept extra file (path + bytes).
Markdown text, outputs, file names and mtimes do not count.
"""

from __future__ import annotations

import calendar
import hashlib
import io
import json
import os
import re
import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autograder.exercises import CHAPTERS
from autograder.grade.model import ChapterNotebook, StudentSubmission
from autograder.messages import CHAPTER_ZH, Status, intake_message, malformed

MiB = 2**20

# Interface names per chapter (see docs/architecture.md), used when metadata is missing.
CHAPTER_INTERFACES: dict[str, tuple[str, ...]] = {
    "ch02": ("primitive_histogram", "predicted_compiles", "fusion_report", "safe_pairwise_distance"),
    "ch05": ("custom_reduce_sum_p", "gammaln_cb", "silu_ffi", "rms_norm_prim_p"),
}
EXTRA_SUFFIXES = frozenset({".cc", ".cpp", ".cxx", ".c", ".h", ".hh", ".hpp", ".py"})
SAFE_COMPONENT = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._+-]{0,99}")
IGNORED_PARTS = frozenset({"__MACOSX", ".ipynb_checkpoints", "__pycache__"})
ARCHIVE_SUFFIXES = (".zip", ".tar", ".gz", ".tgz", ".7z", ".rar", ".xz", ".bz2")


@dataclass(frozen=True)
class IntakeLimits:
    max_notebook_bytes: int = 20 * MiB
    max_student_bytes: int = 50 * MiB  # on disk, and again uncompressed for a zip
    max_extra_bytes: int = 2 * MiB  # one extra (source) file
    max_files: int = 500  # files (or zip members) per student
    max_depth: int = 8  # folder nesting inside a student's folder or zip
    max_cells: int = 5000


DEFAULT_LIMITS = IntakeLimits()

class _Refused(Exception):
    """The whole entry (or student) is refused: `code` becomes `malformed:<code>`."""

    def __init__(self, code: str, name: str, detail: str = ""):
        super().__init__(f"{code}: {name} {detail}")
        self.code, self.name, self.detail = code, name, detail

    def message(self) -> str:
        return intake_message(self.code, name=self.name, detail=self.detail)


@dataclass(frozen=True)
class RawFile:
    path: str  # relative display path inside the entry ("/"-separated, as the student named it)
    data: bytes
    mtime: float


@dataclass(frozen=True)
class Entry:
    """One top-level item of the SUBMISSIONS folder."""

    student_id: str
    path: Path
    kind: str  # "ipynb" | "zip" | "dir" | "other"


# ---------------------------------------------------------------------------------------------
# Discovery


def display_name(name: str) -> str:
    """A file name as text: undecodable bytes from the file system become `\\xNN`."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def discover(folder: Path) -> tuple[dict[str, list[Entry]], list[str]]:
    """Student id -> entries (sorted), and the names of ignored dot-entries."""
    students: dict[str, list[Entry]] = {}
    ignored: list[str] = []
    for name in sorted(os.listdir(folder)):
        shown = display_name(name)
        if name.startswith("."):
            ignored.append(shown)
            continue
        path = folder / name
        st = os.lstat(path)
        lower = shown.lower()
        if stat.S_ISDIR(st.st_mode):
            kind, sid = "dir", shown
        elif lower.endswith(".ipynb") and len(shown) > 6:
            kind, sid = "ipynb", shown[:-6]
        elif lower.endswith(".zip") and len(shown) > 4:
            kind, sid = "zip", shown[:-4]
        else:
            kind, sid = "other", shown.rsplit(".", 1)[0] if "." in shown else shown
        students.setdefault(sid, []).append(Entry(sid, path, kind))
    return students, ignored


# ---------------------------------------------------------------------------------------------
# Reading bytes (no parsing yet)


def _read_regular(path: Path, cap: int, shown: str) -> bytes:
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _Refused("special_file", shown)
        if st.st_size > cap:
            raise _Refused("too_large", shown, f"{st.st_size / MiB:.1f} MB")
        chunks, total = [], 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > cap:  # grew while we read
                raise _Refused("too_large", shown, f"> {cap / MiB:.0f} MB")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _file_cap(path: str, limits: IntakeLimits) -> int:
    return limits.max_notebook_bytes if path.lower().endswith(".ipynb") else limits.max_extra_bytes


def _skip_part(parts: list[str]) -> bool:
    return any(p in IGNORED_PARTS or p.startswith(".") for p in parts)


def _read_dir(root: Path, limits: IntakeLimits, problems: list[str]) -> list[RawFile]:
    """Every regular file under `root`; refuses links and special files, counts sizes before reading."""
    found: list[tuple[str, Path, os.stat_result]] = []
    total = 0
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        rel_dir = Path(dirpath).relative_to(root)
        depth = len(rel_dir.parts)
        for d in sorted(dirnames):
            st = os.lstat(Path(dirpath) / d)
            if stat.S_ISLNK(st.st_mode):
                raise _Refused("symlink", display_name(str(rel_dir / d)))
        if depth >= limits.max_depth:
            problems.append(intake_message("too_deep", name=display_name(str(rel_dir))))
            dirnames[:] = []
        dirnames.sort()
        for f in sorted(filenames):
            p = Path(dirpath) / f
            rel = display_name((rel_dir / f).as_posix())
            st = os.lstat(p)
            if stat.S_ISLNK(st.st_mode):
                raise _Refused("symlink", rel)
            if not stat.S_ISREG(st.st_mode):
                raise _Refused("special_file", rel)
            found.append((rel, p, st))
            if len(found) > limits.max_files:
                raise _Refused("too_many_files", display_name(root.name), f"> {limits.max_files}")
            total += st.st_size
            if total > limits.max_student_bytes:
                cap_mb = limits.max_student_bytes / MiB
                raise _Refused("too_large", display_name(root.name), f"> {cap_mb:.0f} MB")
    files = []
    for rel, p, st in found:
        if _skip_part(rel.split("/")):
            continue
        cap = _file_cap(rel, limits)
        if st.st_size > cap:
            code = "too_large" if rel.lower().endswith(".ipynb") else "extra_too_large"
            problems.append(intake_message(code, name=rel, detail=f"{st.st_size / MiB:.1f} MB"))
            continue
        try:
            files.append(RawFile(rel, _read_regular(p, cap, rel), st.st_mtime))
        except _Refused as r:
            if r.code != "too_large":
                raise
            problems.append(r.message())
    return files


def _zip_member_name(info: zipfile.ZipInfo, archive: str) -> str:
    name = info.filename.replace("\\", "/")
    if name.startswith("/") or re.match(r"^[A-Za-z]:", name) or "\x00" in name:
        raise _Refused("unsafe_zip", archive, f"绝对路径 {name!r}")
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        raise _Refused("unsafe_zip", archive, f"路径 {name!r} 指向压缩包外")
    return "/".join(parts)


def _read_zip(path: Path, limits: IntakeLimits, problems: list[str]) -> list[RawFile]:
    shown = display_name(path.name)
    data = _read_regular(path, limits.max_student_bytes, shown)
    # Count central-directory headers before zipfile builds one object per entry (a 50 MB archive
    # can declare ~600k entries). Stray matches inside compressed data are rare and only add a few.
    headers = data.count(b"PK\x01\x02")
    if headers > limits.max_files + 16:
        raise _Refused("too_many_files", shown, f"{headers} > {limits.max_files}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as exc:
        raise _Refused("bad_zip", shown, type(exc).__name__) from exc
    if len(infos) > limits.max_files:
        raise _Refused("too_many_files", shown, f"{len(infos)} > {limits.max_files}")
    # Structure first, for every member: links and escaping names refuse the archive.
    names = []
    for info in infos:
        mode = info.external_attr >> 16
        if stat.S_ISLNK(mode):
            raise _Refused("unsafe_zip", shown, f"符号链接 {info.filename!r}")
        if mode and stat.S_IFMT(mode) not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise _Refused("unsafe_zip", shown, f"特殊文件 {info.filename!r}")
        names.append(_zip_member_name(info, shown))
    declared = sum(i.file_size for i in infos)
    if declared > limits.max_student_bytes:
        raise _Refused("zip_bomb", shown, f"声明 {declared / MiB:.1f} MB")
    files: list[RawFile] = []
    total = 0
    for info, name in zip(infos, names, strict=True):
        parts = name.split("/") if name else []
        if info.is_dir() or not parts or _skip_part(parts):
            continue
        if len(parts) > limits.max_depth:
            problems.append(intake_message("too_deep", name=name))
            continue
        if info.flag_bits & 0x1:
            problems.append(intake_message("encrypted", name=name))
            continue
        if name.lower().endswith(ARCHIVE_SUFFIXES):
            problems.append(intake_message("nested_archive", name=name))
            continue
        cap = _file_cap(name, limits)
        if info.file_size > cap:
            code = "too_large" if name.lower().endswith(".ipynb") else "extra_too_large"
            problems.append(intake_message(code, name=name, detail=f"{info.file_size / MiB:.1f} MB"))
            continue
        chunks, n = [], 0
        try:
            with zf.open(info) as member:
                while chunk := member.read(1 << 16):
                    n += len(chunk)
                    total += len(chunk)
                    if n > info.file_size or n > cap or total > limits.max_student_bytes:
                        raise _Refused("zip_bomb", shown, f"{name!r} 解压超过声明大小")
                    chunks.append(chunk)
        except _Refused:
            raise
        except (
            zipfile.BadZipFile,
            zlib.error,
            EOFError,
            OSError,
            NotImplementedError,
            RuntimeError,
            ValueError,
        ) as exc:
            raise _Refused("bad_zip", shown, f"{name!r}: {type(exc).__name__}") from exc
        try:  # zip timestamps carry no time zone: read them as UTC so the choice is reproducible
            mtime = float(calendar.timegm((*info.date_time, 0, 0, 0)))
        except (OverflowError, ValueError):
            mtime = 0.0
        files.append(RawFile(name, b"".join(chunks), mtime))
    return files


def _strip_common_folder(files: list[RawFile]) -> list[RawFile]:
    tops = {f.path.split("/", 1)[0] for f in files}
    if len(tops) == 1 and all("/" in f.path for f in files):
        return [RawFile(f.path.split("/", 1)[1], f.data, f.mtime) for f in files]
    return files


# ---------------------------------------------------------------------------------------------
# Parsing notebooks


def _source_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return "".join(value)
    raise ValueError("source 不是字符串")


def parse_notebook(data: bytes, name: str, limits: IntakeLimits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Bytes -> a normalised nbformat-4 document (plain JSON data, sources as str, no outputs).

    Raises `_Refused` with the reason code.
    """
    if not data.strip():
        raise _Refused("empty", name)
    if len(data) > limits.max_notebook_bytes:
        raise _Refused("too_large", name, f"{len(data) / MiB:.1f} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Refused("not_utf8", name) from exc
    text = text.removeprefix("\ufeff")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _Refused("not_json", name) from exc
    if not isinstance(doc, dict) or "cells" not in doc and "worksheets" not in doc:
        raise _Refused("not_notebook", name, "缺少 cells")
    version = doc.get("nbformat")
    if version != 4 or isinstance(version, bool):
        raise _Refused("nbformat", name, json.dumps(version)[:20])
    cells = doc.get("cells")
    if not isinstance(cells, list):
        raise _Refused("not_notebook", name, "cells 不是列表")
    if len(cells) > limits.max_cells:
        raise _Refused("not_notebook", name, f"单元格超过 {limits.max_cells} 个")
    metadata = doc.get("metadata", {})
    if not isinstance(metadata, dict):
        raise _Refused("not_notebook", name, "metadata 不是对象")
    out_cells = []
    for i, cell in enumerate(cells):
        if not isinstance(cell, dict):
            raise _Refused("not_notebook", name, f"第 {i + 1} 个单元格不是对象")
        kind = cell.get("cell_type")
        if kind not in ("code", "markdown", "raw"):
            raise _Refused("not_notebook", name, f"第 {i + 1} 个单元格类型无效")
        try:
            source = _source_text(cell.get("source", ""))
        except ValueError as exc:
            raise _Refused("not_notebook", name, f"第 {i + 1} 个单元格的 source 无效") from exc
        cmeta = cell.get("metadata", {})
        if not isinstance(cmeta, dict):
            cmeta = {}
        out: dict[str, Any] = {"cell_type": kind, "metadata": cmeta, "source": source}
        if isinstance(cell.get("id"), str):
            out["id"] = cell["id"]
        if kind == "code":
            out["outputs"] = []
            out["execution_count"] = None
        out_cells.append(out)
    minor = doc.get("nbformat_minor")
    return {
        "nbformat": 4,
        "nbformat_minor": minor if isinstance(minor, int) and not isinstance(minor, bool) else 5,
        "metadata": metadata,
        "cells": out_cells,
    }


def _jaxgrade_meta(meta: Any) -> dict[str, Any]:
    value = meta.get("jaxgrade") if isinstance(meta, dict) else None
    return value if isinstance(value, dict) else {}


def interface_counts(nb: dict[str, Any]) -> dict[str, int]:
    """Per chapter: how many of its interface names appear (as words) in the code cells."""
    code = "\n".join(c["source"] for c in nb["cells"] if c["cell_type"] == "code")
    found = {
        ch: sum(1 for n in names if re.search(rf"\b{n}\b", code)) for ch, names in CHAPTER_INTERFACES.items()
    }
    return found


def infer_chapter_from_code(nb: dict[str, Any]) -> str | None:
    """The chapter whose interface names appear most in the code cells (None on a tie or none)."""
    counts = interface_counts(nb)
    best = max(counts.values())
    winners = [ch for ch, n in counts.items() if n == best]
    return winners[0] if best > 0 and len(winners) == 1 else None


def chapter_of(nb: dict[str, Any]) -> tuple[str | None, str | None]:
    """(chapter, claimed-by-metadata chapter when the code overrode it)."""
    claimed = _jaxgrade_meta(nb["metadata"]).get("chapter")
    if claimed not in CHAPTERS:
        votes: dict[str, int] = {}
        for c in nb["cells"]:
            ex = _jaxgrade_meta(c["metadata"]).get("exercise")
            for ch, ids in CHAPTERS.items():
                if ex in ids:
                    votes[ch] = votes.get(ch, 0) + 1
        if votes:
            top = max(votes.values())
            leaders = [ch for ch, v in votes.items() if v == top]
            claimed = leaders[0] if len(leaders) == 1 else None
        else:
            claimed = None
    if claimed is None:
        return infer_chapter_from_code(nb), None
    # Overrule the metadata only on clear evidence: none of its chapter's names, two of the other's.
    counts = interface_counts(nb)
    other = next(ch for ch in CHAPTERS if ch != claimed)
    if counts[claimed] == 0 and counts[other] >= 2:
        return other, claimed
    return claimed, None


def content_hash(notebooks: dict[str, ChapterNotebook], extra_files: dict[str, bytes]) -> str:
    h = hashlib.sha256(b"jaxgrade-content-v1\0")

    def put(b: bytes) -> None:
        h.update(len(b).to_bytes(8, "big"))
        h.update(b)

    for ch in sorted(notebooks):
        cells = [
            [c["cell_type"], _jaxgrade_meta(c["metadata"]), c["source"] if c["cell_type"] == "code" else ""]
            for c in notebooks[ch].notebook["cells"]
        ]
        put(ch.encode())
        put(json.dumps(cells, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode())
    for path in sorted(extra_files):
        put(path.encode())
        put(hashlib.sha256(extra_files[path]).digest())
    return h.hexdigest()


def _failure_hash(codes: list[str]) -> str:
    return hashlib.sha256(("jaxgrade-failed-v1\0" + "\0".join(codes)).encode()).hexdigest()


# ---------------------------------------------------------------------------------------------
# One student


@dataclass
class _Collected:
    notebooks: list[tuple[RawFile, str]] = field(default_factory=list)  # (file, entry name)
    extras: dict[str, bytes] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)  # refusal codes, in order
    ignored: int = 0
    any_input: bool = False


def _collect(entry: Entry, limits: IntakeLimits, got: _Collected) -> None:
    shown = display_name(entry.path.name)
    st = os.lstat(entry.path)
    if stat.S_ISLNK(st.st_mode):
        raise _Refused("symlink", shown)
    if entry.kind == "other":
        raise _Refused("unsupported_type", shown)
    if entry.kind == "ipynb":
        if not stat.S_ISREG(st.st_mode):
            raise _Refused("special_file", shown)
        got.any_input = True
        got.notebooks.append(
            (RawFile(shown, _read_regular(entry.path, limits.max_notebook_bytes, shown), st.st_mtime), shown)
        )
        return
    files = (
        _read_zip(entry.path, limits, got.problems)
        if entry.kind == "zip"
        else _read_dir(entry.path, limits, got.problems)
    )
    got.any_input = got.any_input or bool(files)
    for f in _strip_common_folder(files):
        lower = f.path.lower()
        if lower.endswith(".ipynb"):
            got.notebooks.append((f, shown))
        elif Path(lower).suffix in EXTRA_SUFFIXES:
            if all(SAFE_COMPONENT.fullmatch(p) for p in f.path.split("/")):
                got.extras[f.path] = f.data
            else:
                got.problems.append(intake_message("unsafe_name", name=f.path))
        else:
            got.ignored += 1


def intake_student(
    student_id: str,
    entries: list[Entry],
    *,
    limits: IntakeLimits = DEFAULT_LIMITS,
    release_version: str | None = None,
) -> StudentSubmission:
    """Read, check and parse everything one student handed in. Never raises for bad input."""
    got = _Collected()
    for entry in entries:
        try:
            _collect(entry, limits, got)
        except _Refused as r:
            got.problems.append(r.message())
            got.codes.append(r.code)
            if r.code in ("symlink", "special_file", "unsafe_zip", "zip_bomb"):
                # a hostile entry: refuse the whole student, not just the entry
                return StudentSubmission(
                    student_id, _failure_hash([r.code]), {}, {}, tuple(got.problems), malformed(r.code)
                )
        except OSError as exc:  # unreadable entry (permissions, vanished): the student's file is bad
            got.problems.append(
                intake_message(
                    "bad_zip" if entry.kind == "zip" else "not_notebook",
                    name=display_name(entry.path.name),
                    detail=type(exc).__name__,
                )
            )
            got.codes.append("bad_zip" if entry.kind == "zip" else "not_notebook")
    total = sum(len(f.data) for f, _ in got.notebooks) + sum(len(b) for b in got.extras.values())
    if total > limits.max_student_bytes:
        got.problems.append(intake_message("too_large", name=student_id, detail=f"{total / MiB:.1f} MB"))
        return StudentSubmission(
            student_id, _failure_hash(["too_large"]), {}, {}, tuple(got.problems), malformed("too_large")
        )

    candidates: dict[str, list[tuple[RawFile, dict[str, Any]]]] = {}
    for raw, _entry_name in got.notebooks:
        try:
            nb = parse_notebook(raw.data, raw.path, limits)
        except _Refused as r:
            got.problems.append(r.message())
            got.codes.append(r.code)
            continue
        chapter, overridden = chapter_of(nb)
        if chapter is None:
            got.problems.append(intake_message("unknown_chapter", name=raw.path))
            got.codes.append("unknown_chapter")
            continue
        if overridden:
            got.problems.append(
                intake_message(
                    "chapter_by_code",
                    name=raw.path,
                    claimed=CHAPTER_ZH[overridden],
                    chapter=CHAPTER_ZH[chapter],
                )
            )
        rel = _jaxgrade_meta(nb["metadata"]).get("release")
        if release_version is not None and rel is not None and str(rel) != release_version:
            got.problems.append(
                intake_message("other_release", name=raw.path, detail=str(rel)[:40], release=release_version)
            )
        candidates.setdefault(chapter, []).append((raw, nb))

    notebooks: dict[str, ChapterNotebook] = {}
    for chapter in sorted(candidates):
        options = sorted(candidates[chapter], key=lambda rn: (rn[0].mtime, rn[0].path))
        raw, nb = options[-1]
        note = ""
        if len(options) > 1:
            note = intake_message(
                "duplicate_chapter",
                detail=str(len(options)),
                chapter=CHAPTER_ZH[chapter],
                names=", ".join(r.path for r, _ in options),
                name=raw.path,
            )
            got.problems.append(note)
        notebooks[chapter] = ChapterNotebook(chapter, raw.path, nb, note)
    if got.ignored:
        got.problems.append(intake_message("ignored_files", detail=str(got.ignored)))

    if notebooks:
        return StudentSubmission(
            student_id,
            content_hash(notebooks, got.extras),
            notebooks,
            dict(got.extras),
            tuple(got.problems),
            Status.OK,
        )
    if got.codes:
        status = malformed(got.codes[0])
    elif got.any_input or got.extras:
        got.problems.append(intake_message("no_notebook"))
        status = malformed("no_notebook")
    else:
        status = Status.NOT_SUBMITTED
    return StudentSubmission(
        student_id, _failure_hash([status, *got.codes]), {}, dict(got.extras), tuple(got.problems), status
    )


def read_submissions(
    folder: Path, *, limits: IntakeLimits = DEFAULT_LIMITS, release_version: str | None = None
) -> list[StudentSubmission]:
    """Convenience for small folders and tests: every student, sorted by id."""
    students, _ = discover(folder)
    return [
        intake_student(sid, students[sid], limits=limits, release_version=release_version)
        for sid in sorted(students)
    ]
