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
  line. A single top-level folder in an archive is stripped (`hw/silu.cc` -> `silu.cc`). A kept
  file that lies inside another kept file (`k.cc/k.cc` next to `k.cc`, possible in a zip) is left
  out (noted): both cannot be placed in the notebook's folder.
- Notebook JSON is read by `untrusted_json.loads` (at most MAX_NOTEBOOK_DEPTH levels): text comes
  back valid (a `\\ud800` escape's lone surrogate becomes U+FFFD, so the content hash, the gradebook
  and the feedback can encode every string) and integers within int64.

Statuses (`StudentSubmission.status`): `ok` (at least one chapter notebook), `not_submitted`
(nothing in the entry), or `malformed:<reason>` when nothing is gradable, with reason one of
`empty`, `too_large`, `not_utf8`, `not_json`, `nbformat`, `not_notebook`, `unknown_chapter`,
`bad_zip`, `unsafe_zip`, `zip_bomb`, `too_many_files`, `symlink`, `special_file`,
`unsupported_type`, `no_notebook`, `bad_id` (the entry's name holds no visible character, so
no student id). When some files are usable and others not, the status is `ok`
and the refused files are listed in `problems_zh`.

Reading bytes (folders, zip archives, every size and count cap) is `grade/intake_read.py`; this
module gives the bytes their meaning: notebooks parsed, chapters matched, one submission built.

`content_hash` is the sha256 over what can change the grade: per chapter, each cell's type and
`jaxgrade` metadata plus the source of code cells, and every kept extra file (path + bytes).
Markdown text, outputs, file names and mtimes do not count.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from autograder import registry, untrusted_json
from autograder.exercises import CHAPTERS
from autograder.grade.intake_read import (
    DEFAULT_LIMITS,
    IntakeLimits,
    MiB,
    RawFile,
    Refused,
    display_name,
    read_dir,
    read_regular,
    read_zip,
    strip_common_folder,
)
from autograder.i18n import _
from autograder.messages import Status, chapter_zh, intake_message, malformed, message
from autograder.model import ChapterNotebook, StudentSubmission
from autograder.student_input import StudentInputError
from jaxcourse.variants import normalise_student_id

__all__ = [
    "CHAPTER_INTERFACES",
    "DEFAULT_LIMITS",
    "EXTRA_SUFFIXES",
    "Entry",
    "IntakeLimits",
    "MiB",
    "chapter_of",
    "content_hash",
    "discover",
    "display_name",
    "infer_chapter_from_code",
    "intake_student",
    "interface_counts",
    "parse_notebook",
    "read_submissions",
]

# Interface names per chapter (the exercise registry's), used when metadata is missing.
CHAPTER_INTERFACES: dict[str, tuple[str, ...]] = registry.chapter_interfaces()
EXTRA_SUFFIXES = frozenset({".cc", ".cpp", ".cxx", ".c", ".h", ".hh", ".hpp", ".py"})
SAFE_COMPONENT = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._+-]{0,99}")
# Nesting a notebook may have (Jupyter's own documents are shallow; deeper is refused as not JSON,
# where the standard parser would raise RecursionError from about 10,000 levels).
MAX_NOTEBOOK_DEPTH = 1000
# Refusals that show a hostile entry: the whole student is refused, not just the entry.
HOSTILE_CODES = frozenset({"symlink", "special_file", "unsafe_zip", "zip_bomb"})


@dataclass(frozen=True)
class Entry:
    """One top-level item of the SUBMISSIONS folder."""

    student_id: str
    path: Path
    kind: str  # "ipynb" | "zip" | "dir" | "other"


# ---------------------------------------------------------------------------------------------
# Discovery


def _entry(path: Path, shown: str, st: os.stat_result) -> Entry:
    """A top-level item, its kind and student id told by its name and whether it is a folder."""
    lower = shown.lower()
    if stat.S_ISDIR(st.st_mode):
        return Entry(shown, path, "dir")
    if lower.endswith(".ipynb") and len(shown) > 6:
        return Entry(shown[:-6], path, "ipynb")
    if lower.endswith(".zip") and len(shown) > 4:
        return Entry(shown[:-4], path, "zip")
    return Entry(shown.rsplit(".", 1)[0] if "." in shown else shown, path, "other")


@dataclass(frozen=True)
class Discovered:
    """A SUBMISSIONS folder's entries by student, and the dot-entries it ignored."""

    students: dict[str, list[Entry]]  # student id -> entries, sorted by name
    ignored: list[str]  # display names of the dot-entries left out


def discover(folder: Path) -> Discovered:
    """Student id -> entries (sorted), and the names of ignored dot-entries."""
    students: dict[str, list[Entry]] = {}
    ignored: list[str] = []
    for name in sorted(os.listdir(folder)):
        shown = display_name(name)
        if name.startswith("."):
            ignored.append(shown)
            continue
        path = folder / name
        entry = _entry(path, shown, os.lstat(path))
        students.setdefault(entry.student_id, []).append(entry)
    return Discovered(students, ignored)


# ---------------------------------------------------------------------------------------------
# Parsing notebooks


def _source_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return "".join(value)
    raise ValueError(_("source 不是字符串"))


def _load_json(data: bytes, name: str, limits: IntakeLimits) -> Any:
    """Bytes -> JSON value: not empty, within the cap, UTF-8 (a BOM is tolerated)."""
    if not data.strip():
        raise Refused("empty", name)
    if len(data) > limits.max_notebook_bytes:
        raise Refused("too_large", name, f"{len(data) / MiB:.1f} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused("not_utf8", name) from exc
    try:  # valid text from here on: lone surrogates (`\\ud800` escapes) are replaced
        return untrusted_json.loads(text.removeprefix("\ufeff"), max_depth=MAX_NOTEBOOK_DEPTH)
    except StudentInputError as exc:
        raise Refused("not_json", name) from exc


def _check_version(doc: Any, name: str) -> None:
    """A notebook document (cells or v3 worksheets) of nbformat 4."""
    if not isinstance(doc, dict) or "cells" not in doc and "worksheets" not in doc:
        raise Refused("not_notebook", name, _("缺少 cells"))
    version = doc.get("nbformat")
    if version != 4 or isinstance(version, bool):
        raise Refused("nbformat", name, json.dumps(version)[:20])


def _cell_list(doc: dict[str, Any], name: str, limits: IntakeLimits) -> list[Any]:
    cells = doc.get("cells")
    if not isinstance(cells, list):
        raise Refused("not_notebook", name, _("cells 不是列表"))
    if len(cells) > limits.max_cells:
        raise Refused("not_notebook", name, _("单元格超过 {max_cells} 个").format(max_cells=limits.max_cells))
    return cells


def _notebook_metadata(doc: dict[str, Any], name: str) -> dict[str, Any]:
    metadata = doc.get("metadata", {})
    if not isinstance(metadata, dict):
        raise Refused("not_notebook", name, _("metadata 不是对象"))
    return metadata


def _normalised_cell(cell: Any, i: int, name: str) -> dict[str, Any]:
    """One cell as plain data: type, metadata, source as str, id if any; code cells without outputs."""
    if not isinstance(cell, dict):
        raise Refused("not_notebook", name, _("第 {value} 个单元格不是对象").format(value=i + 1))
    kind = cell.get("cell_type")
    if kind not in ("code", "markdown", "raw"):
        raise Refused("not_notebook", name, _("第 {value} 个单元格类型无效").format(value=i + 1))
    try:
        source = _source_text(cell.get("source", ""))
    except ValueError as exc:
        raise Refused(
            "not_notebook", name, _("第 {value} 个单元格的 source 无效").format(value=i + 1)
        ) from exc
    cmeta = cell.get("metadata", {})
    if not isinstance(cmeta, dict):
        cmeta = {}
    out: dict[str, Any] = {"cell_type": kind, "metadata": cmeta, "source": source}
    if isinstance(cell.get("id"), str):
        out["id"] = cell["id"]
    if kind == "code":
        out["outputs"] = []
        out["execution_count"] = None
    return out


def parse_notebook(data: bytes, name: str, limits: IntakeLimits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Bytes -> a normalised nbformat-4 document (plain JSON data, sources as str, no outputs).

    Raises `Refused` with the reason code.
    """
    doc = _load_json(data, name, limits)
    _check_version(doc, name)
    cells = _cell_list(doc, name, limits)
    metadata = _notebook_metadata(doc, name)
    out_cells = [_normalised_cell(cell, i, name) for i, cell in enumerate(cells)]
    minor = doc.get("nbformat_minor")
    return {
        "nbformat": 4,
        "nbformat_minor": minor if isinstance(minor, int) and not isinstance(minor, bool) else 5,
        "metadata": metadata,
        "cells": out_cells,
    }


# ---------------------------------------------------------------------------------------------
# Chapter matching


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


def _chapter_by_exercise_ids(nb: dict[str, Any]) -> str | None:
    """The chapter most of the cells' `jaxgrade.exercise` ids belong to (None on a tie or none)."""
    votes: dict[str, int] = {}
    for c in nb["cells"]:
        ex = _jaxgrade_meta(c["metadata"]).get("exercise")
        for ch, ids in CHAPTERS.items():
            if ex in ids:
                votes[ch] = votes.get(ch, 0) + 1
    if not votes:
        return None
    top = max(votes.values())
    leaders = [ch for ch, v in votes.items() if v == top]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True)
class ChapterRead:
    """A notebook's chapter, and the chapter its metadata claimed when the code overruled it."""

    chapter: str | None  # None: neither the metadata nor the code names one
    overruled_claim: str | None = None


def chapter_of(nb: dict[str, Any]) -> ChapterRead:
    """The notebook's chapter, and the metadata's claim when the code overrode it."""
    claimed = _jaxgrade_meta(nb["metadata"]).get("chapter")
    if not isinstance(claimed, str) or claimed not in CHAPTERS:  # a list or object: no name, unhashable
        claimed = _chapter_by_exercise_ids(nb)
    if claimed is None:
        return ChapterRead(infer_chapter_from_code(nb))
    # Overrule the metadata only on clear evidence: none of its chapter's names, two of the other's.
    counts = interface_counts(nb)
    other = next(ch for ch in CHAPTERS if ch != claimed)
    if counts[claimed] == 0 and counts[other] >= 2:
        return ChapterRead(other, overruled_claim=claimed)
    return ChapterRead(claimed)


# ---------------------------------------------------------------------------------------------
# Content hash


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
# One student: read every entry, parse its notebooks, pick one per chapter, build the submission


@dataclass(frozen=True)
class _EntryFiles:
    """What one entry yielded, sorted by what intake does with each file."""

    notebooks: tuple[RawFile, ...]
    extras: dict[str, bytes]  # kept source files: safe relative path -> bytes
    notes: tuple[str, ...]  # files left out because of their names
    ignored: int  # files of no interest to grading
    any_input: bool
    left_out: tuple[tuple[str, str], ...] = ()  # notebooks left out over the size cap: (path, size)


@dataclass(frozen=True)
class _Collected:
    """Everything a student's entries yielded, before any notebook is parsed."""

    notebooks: tuple[RawFile, ...]
    extras: dict[str, bytes]
    problems: tuple[str, ...]  # Chinese notes for the student, in order
    codes: tuple[str, ...]  # refusal codes, in order
    ignored: int
    any_input: bool
    hostile: str | None = None  # the refusal code that refuses the whole student
    left_out: tuple[tuple[str, str], ...] = ()  # notebooks left out over the size cap: (path, size)


@dataclass(frozen=True)
class _Candidate:
    """A parsed notebook of a known chapter."""

    raw: RawFile
    chapter: str
    notebook: dict[str, Any]


@dataclass(frozen=True)
class _NotebookOutcome:
    """One notebook file after parsing: a candidate, or a refusal `code`; notes either way."""

    candidate: _Candidate | None
    notes: tuple[str, ...]
    code: str | None = None


def _sort_files(files: list[RawFile]) -> _EntryFiles:
    """A folder's or an archive's files: notebooks, extra source files with safe names, the rest."""
    notebooks: list[RawFile] = []
    extras: dict[str, bytes] = {}
    notes: list[str] = []
    ignored = 0
    for f in strip_common_folder(files):
        lower = f.path.lower()
        if lower.endswith(".ipynb"):
            notebooks.append(f)
        elif Path(lower).suffix in EXTRA_SUFFIXES:
            if all(SAFE_COMPONENT.fullmatch(p) for p in f.path.split("/")):
                extras[f.path] = f.data
            else:
                notes.append(intake_message("unsafe_name", name=f.path))
        else:
            ignored += 1
    for path in _under_another_file(extras):
        del extras[path]
        notes.append(intake_message("path_conflict", name=path))
    return _EntryFiles(tuple(notebooks), extras, tuple(notes), ignored, bool(files))


def _under_another_file(extras: dict[str, bytes]) -> list[str]:
    """Kept paths that lie inside another kept path (`k.cc/k.cc` next to `k.cc`, possible in a zip):
    they cannot both be files in the notebook's folder, so the inner ones are left out."""
    files = set(extras)
    return sorted(p for p in extras
                  if any("/".join(p.split("/")[:n]) in files for n in range(1, p.count("/") + 1)))


def _read_entry(entry: Entry, limits: IntakeLimits, problems: list[str]) -> _EntryFiles:
    """One entry's files; a refused entry raises `Refused`. Notes on files left out go to `problems` as
    they are made, so the notes made before a refusal later in the same entry are kept."""
    shown = display_name(entry.path.name)
    st = os.lstat(entry.path)
    if stat.S_ISLNK(st.st_mode):
        raise Refused("symlink", shown)
    if entry.kind == "other":
        raise Refused("unsupported_type", shown)
    if entry.kind == "ipynb":
        if not stat.S_ISREG(st.st_mode):
            raise Refused("special_file", shown)
        raw = RawFile(shown, read_regular(entry.path, limits.max_notebook_bytes, shown), st.st_mtime)
        return _EntryFiles((raw,), {}, (), 0, True)
    reader = read_zip if entry.kind == "zip" else read_dir
    left_out: list[tuple[str, str]] = []
    files = _sort_files(reader(entry.path, limits, problems, left_out))
    return replace(files, left_out=tuple(left_out), any_input=files.any_input or bool(left_out))


def _try_entry(entry: Entry, limits: IntakeLimits, problems: list[str]) -> _EntryFiles | Refused:
    try:
        return _read_entry(entry, limits, problems)
    except Refused as r:
        return r
    except OSError as exc:  # unreadable entry (permissions, vanished): the student's file is bad
        code = "bad_zip" if entry.kind == "zip" else "not_notebook"
        return Refused(code, display_name(entry.path.name), type(exc).__name__)


def _read_entries(entries: list[Entry], limits: IntakeLimits) -> _Collected:
    """Every entry of one student, merged; stops at the first hostile entry."""
    notebooks: list[RawFile] = []
    extras: dict[str, bytes] = {}
    problems: list[str] = []
    codes: list[str] = []
    left_out: list[tuple[str, str]] = []
    ignored, any_input = 0, False
    for entry in entries:
        files = _try_entry(entry, limits, problems)
        if isinstance(files, Refused):
            problems.append(files.message())
            codes.append(files.code)
            if files.code in HOSTILE_CODES:
                return _Collected((), {}, tuple(problems), tuple(codes), 0, True, hostile=files.code)
            if files.code == "too_large" and entry.kind == "ipynb":  # `<id>.ipynb` over the cap
                left_out.append((files.name, files.detail))
            continue
        notebooks += files.notebooks
        # they decide the status only when no notebook is left (_submission), else label their chapters
        codes += ["too_large"] * len(files.left_out)
        left_out += files.left_out
        extras.update(files.extras)
        problems += files.notes
        ignored += files.ignored
        any_input = any_input or files.any_input
    return _Collected(tuple(notebooks), extras, tuple(problems), tuple(codes), ignored, any_input,
                      left_out=tuple(left_out))


# A chapter named in a file name: `ch02_performance.ipynb`, `Ch5.ipynb`, `chapter-05.ipynb`.
_CHAPTER_IN_NAME = re.compile(r"(?<![a-z])ch(?:apter)?[ _-]?0*(\d{1,2})(?!\d)")


def _chapter_by_name(path: str) -> str | None:
    """The chapter a left-out notebook's file name names, if it names exactly one of the course's."""
    found = {f"ch{int(n):02d}" for n in _CHAPTER_IN_NAME.findall(path.rsplit("/", 1)[-1].casefold())}
    found &= set(CHAPTERS)
    return found.pop() if len(found) == 1 else None


def _too_large_chapters(
    left_out: tuple[tuple[str, str], ...], notebooks: dict[str, ChapterNotebook], limits: IntakeLimits
) -> dict[str, str]:
    """Chapter -> why it has no notebook, for chapters whose notebook intake left out for its size.

    The notebook was never parsed, so its chapter is read from its file name; one whose name names no
    chapter counts for every chapter still missing: the student handed something in for it, and
    `not_submitted` would tell them they did not."""
    missing = [ch for ch in CHAPTERS if ch not in notebooks]
    out: dict[str, str] = {}
    for path, detail in left_out:
        named = _chapter_by_name(path)
        for ch in [named] if named else missing:
            if ch in missing and ch not in out:
                out[ch] = message("notebook_too_large", chapter=chapter_zh(ch), name=path, detail=detail,
                                  limit_mb=limits.max_notebook_bytes / MiB)
    return out


def _too_large_note(student_id: str, got: _Collected, limits: IntakeLimits) -> str | None:
    """The note when what was kept (notebooks and extra files) is over the student's cap."""
    total = sum(len(f.data) for f in got.notebooks) + sum(len(b) for b in got.extras.values())
    if total <= limits.max_student_bytes:
        return None
    return intake_message("too_large", name=student_id, detail=f"{total / MiB:.1f} MB")


def _release_note(nb: dict[str, Any], name: str, release_version: str | None) -> str | None:
    """The note when the notebook says it belongs to another release (it is graded anyway)."""
    rel = _jaxgrade_meta(nb["metadata"]).get("release")
    if release_version is None or rel is None or str(rel) == release_version:
        return None
    return intake_message("other_release", name=name, detail=str(rel)[:40], release=release_version)


def _read_notebook(raw: RawFile, limits: IntakeLimits, release_version: str | None) -> _NotebookOutcome:
    """Parse one notebook file and find its chapter."""
    try:
        nb = parse_notebook(raw.data, raw.path, limits)
    except Refused as r:
        return _NotebookOutcome(None, (r.message(),), r.code)
    read = chapter_of(nb)
    chapter, overridden = read.chapter, read.overruled_claim
    if chapter is None:
        return _NotebookOutcome(None, (intake_message("unknown_chapter", name=raw.path),), "unknown_chapter")
    notes = []
    if overridden:
        notes.append(
            intake_message(
                "chapter_by_code", name=raw.path, claimed=chapter_zh(overridden), chapter=chapter_zh(chapter)
            )
        )
    if note := _release_note(nb, raw.path, release_version):
        notes.append(note)
    return _NotebookOutcome(_Candidate(raw, chapter, nb), tuple(notes))


def _newest(chapter: str, candidates: list[_Candidate]) -> ChapterNotebook:
    """The chapter's notebook with the newest mtime (ties: the larger name); a note when there were more."""
    options = sorted(candidates, key=lambda c: (c.raw.mtime, c.raw.path))
    chosen = options[-1]
    note = ""
    if len(options) > 1:
        note = intake_message(
            "duplicate_chapter",
            detail=str(len(options)),
            chapter=chapter_zh(chapter),
            names=", ".join(c.raw.path for c in options),
            name=chosen.raw.path,
        )
    return ChapterNotebook(chapter, chosen.raw.path, chosen.notebook, note)


def _one_per_chapter(candidates: list[_Candidate]) -> dict[str, ChapterNotebook]:
    by_chapter: dict[str, list[_Candidate]] = {}
    for c in candidates:
        by_chapter.setdefault(c.chapter, []).append(c)
    return {chapter: _newest(chapter, by_chapter[chapter]) for chapter in sorted(by_chapter)}


def _refused_student(student_id: str, code: str, problems: tuple[str, ...]) -> StudentSubmission:
    return StudentSubmission(student_id, _failure_hash([code]), {}, {}, problems, malformed(code))


def _submission(
    student_id: str,
    notebooks: dict[str, ChapterNotebook],
    extras: dict[str, bytes],
    problems: list[str],
    codes: list[str],
    any_input: bool,
    too_large_zh: dict[str, str] | None = None,
) -> StudentSubmission:
    """`ok` with at least one chapter notebook (and the chapters whose notebook was left out for its
    size, `too_large_zh`); else the first refusal, `no_notebook` or `not_submitted`."""
    if notebooks:
        digest = content_hash(notebooks, extras)
        if too_large_zh:  # the label changes with them: a stored grade without it is not reused
            labelled = "\0".join([digest, "too_large", *sorted(too_large_zh)])
            digest = hashlib.sha256(labelled.encode()).hexdigest()
        return StudentSubmission(student_id, digest, notebooks, dict(extras), tuple(problems), Status.OK,
                                 dict(too_large_zh or {}))
    if codes:
        status = malformed(codes[0])
    elif any_input or extras:
        problems = [*problems, intake_message("no_notebook")]
        status = malformed("no_notebook")
    else:
        status = Status.NOT_SUBMITTED
    return StudentSubmission(
        student_id, _failure_hash([status, *codes]), {}, dict(extras), tuple(problems), status
    )


# What an id is made of that names no one: separators and spaces (Z*), control and format characters
# (Cc, Cf: U+200B, U+FEFF, bidi marks), unassigned and private-use ones; and `jaxcourse`'s
# normalisation (NFKC, strip, casefold) of an id with none of anything else is empty.
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cn", "Co", "Cs"})


def usable_student_id(student_id: str) -> bool:
    """Whether an id from a file name can name a student: its normalised form (the one per-student
    variants and the quiz key follow, `jaxcourse.variants.normalise_student_id`) is not empty and it
    has at least one visible character (`\u3000.ipynb` has none)."""
    return bool(normalise_student_id(student_id)) and any(
        unicodedata.category(ch) not in _INVISIBLE_CATEGORIES for ch in student_id
    )


def intake_student(
    student_id: str,
    entries: list[Entry],
    *,
    limits: IntakeLimits = DEFAULT_LIMITS,
    release_version: str | None = None,
) -> StudentSubmission:
    """Read, check and parse everything one student handed in. Never raises for bad input. An id with
    no visible character (`usable_student_id`) is refused before anything is read (`malformed:bad_id`):
    nothing per student (variants, quiz answers, feedback folder) can be keyed on it."""
    if not usable_student_id(student_id):
        shown = student_id.encode("unicode_escape").decode("ascii")[:200]
        return _refused_student(student_id, "bad_id", (intake_message("bad_id", name=repr(shown)),))
    got = _read_entries(entries, limits)
    if got.hostile is not None:
        return _refused_student(student_id, got.hostile, got.problems)
    if note := _too_large_note(student_id, got, limits):
        return _refused_student(student_id, "too_large", (*got.problems, note))
    outcomes = [_read_notebook(raw, limits, release_version) for raw in got.notebooks]
    notebooks = _one_per_chapter([o.candidate for o in outcomes if o.candidate is not None])
    problems = [*got.problems, *(n for o in outcomes for n in o.notes)]
    problems += [nb.note_zh for nb in notebooks.values() if nb.note_zh]
    if got.ignored:
        problems.append(intake_message("ignored_files", detail=str(got.ignored)))
    codes = [*got.codes, *(o.code for o in outcomes if o.code is not None)]
    too_large = _too_large_chapters(got.left_out, notebooks, limits)
    return _submission(student_id, notebooks, got.extras, problems, codes, got.any_input, too_large)


def read_submissions(
    folder: Path, *, limits: IntakeLimits = DEFAULT_LIMITS, release_version: str | None = None
) -> list[StudentSubmission]:
    """Convenience for small folders and tests: every student, sorted by id."""
    students = discover(folder).students
    return [
        intake_student(sid, students[sid], limits=limits, release_version=release_version)
        for sid in sorted(students)
    ]
