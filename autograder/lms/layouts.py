"""Scan an LMS bulk download (zip or folder) into items: whose file it is, under which name (trusted parent).

Nothing is read yet: an item knows where its bytes are (`Source`). Names that cannot be parsed,
links, special files and unsafe zip members become `problems` (English, for the TA); a student with
a link or special file among their files is refused as a whole (`refused`), as the intake would.

Layouts:
- `canvas`: top-level files `<name>_[LATE_]<user id>_<submission id>_<original>` (names.parse_canvas);
- `moodle`: top-level folders `<Full Name>_<id>_assignsubmission_file_/...` or files
  `<Full Name>_<id>_assignsubmission_file_<original>` (names.parse_moodle);
- `flat`: jaxgrade's own SUBMISSIONS layout (`<id>.ipynb`, `<id>.zip`, `<id>/...`), here from a zip.
"""

from __future__ import annotations

import calendar
import os
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from autograder.lms.names import LmsName, parse_canvas, parse_moodle

LAYOUTS = ("canvas", "moodle", "flat")
MAX_MEMBERS = 100_000  # entries of one bulk zip (a course of 1000 students with 100 files each)
MAX_DEPTH = 8  # folder nesting below a student's folder
IGNORED_NAMES = frozenset({"__MACOSX", ".DS_Store", "Thumbs.db", "desktop.ini"})


@dataclass(frozen=True)
class Source:
    """Where an item's bytes are: a file on disk, or a member of the bulk zip."""

    path: Path
    member: str = ""  # zip member name; "" for a file on disk
    size: int = 0  # declared size (zip) or size at scan time (disk)
    mtime: float = 0.0


@dataclass(frozen=True)
class Item:
    key: str  # the id in the download name: LMS user id (canvas, moodle) or student id (flat)
    lms_name: str  # the student's name as the LMS wrote it ("" for flat)
    rel: str  # path inside the student's submission, "/"-separated, as the student named the file
    source: Source
    late: bool = False
    shown: str = ""  # the name in the download, for reports


@dataclass(frozen=True)
class Scan:
    layout: str
    items: tuple[Item, ...]
    problems: tuple[str, ...]  # English, one line each, for the TA
    refused: frozenset[str] = field(default_factory=frozenset)  # keys refused as a whole


def _shown(name: str) -> str:
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _split_top(layout: str, top: str, is_dir: bool) -> tuple[LmsName | None, str]:
    """(parsed name, why not) for a top-level entry of the download."""
    if layout == "canvas":
        if is_dir:
            return None, "a folder in a Canvas download (expected files <name>_<userid>_<subid>_<file>)"
        parsed = parse_canvas(top)
        return parsed, "" if parsed else "not a Canvas submission name <name>_[LATE_]<userid>_<subid>_<file>"
    if layout == "moodle":
        parsed = parse_moodle(top)
        if parsed is None:
            return None, "not a Moodle submission name <Full Name>_<id>_assignsubmission_file_"
        if parsed.plugin != "file":
            return None, f"a Moodle {parsed.plugin} entry (only file submissions carry notebooks)"
        if is_dir and parsed.original:
            return None, "a Moodle folder name with text after assignsubmission_file_"
        if not is_dir and not parsed.original:
            return None, "a Moodle file name without the file's own name"
        return parsed, ""
    # flat: <id>.ipynb, <id>.zip, <id>/
    if is_dir:
        return LmsName(top, "", ""), ""
    lower = top.lower()
    for suffix in (".ipynb", ".zip"):
        if lower.endswith(suffix) and len(top) > len(suffix):
            return LmsName(top[: -len(suffix)], "", top), ""
    return None, "not <student id>.ipynb, <student id>.zip or a folder <student id>/"


class _Builder:
    def __init__(self, layout: str):
        self.layout = layout
        self.items: list[Item] = []
        self.problems: list[str] = []
        self.refused: set[str] = set()

    def top_file(self, top: str, source: Source) -> None:
        parsed, why = _split_top(self.layout, top, is_dir=False)
        if parsed is None:
            self.problems.append(f"{_shown(top)}: {why}; not graded")
            return
        rel = parsed.original if self.layout != "flat" else top
        if "/" in rel or rel in ("", ".", ".."):
            self.problems.append(f"{_shown(top)}: unusable file name {_shown(rel)!r}; not graded")
            return
        self.items.append(Item(parsed.lms_id, parsed.name, rel, source, parsed.late, _shown(top)))

    def folder_file(self, parsed: LmsName, top: str, rel: str, source: Source) -> None:
        self.items.append(Item(parsed.lms_id, parsed.name, rel, source, parsed.late, _shown(f"{top}/{rel}")))

    def refuse(self, key: str, shown: str, why: str) -> None:
        self.refused.add(key)
        self.problems.append(f"{shown}: {why}; the whole submission of {key} is refused")

    def scan(self) -> Scan:
        keep = tuple(i for i in self.items if i.key not in self.refused)
        return Scan(self.layout, keep, tuple(self.problems), frozenset(self.refused))


def _ignored(part: str) -> bool:
    return part in IGNORED_NAMES or part.startswith(".")


def scan_folder(folder: Path, layout: str) -> Scan:
    """Scan a download that was unpacked into `folder` (links are never followed)."""
    b = _Builder(layout)
    for top in sorted(os.listdir(folder)):
        if _ignored(top):
            continue
        path = folder / top
        st = os.lstat(path)
        if stat.S_ISREG(st.st_mode):
            b.top_file(top, Source(path, "", st.st_size, st.st_mtime))
            continue
        if not stat.S_ISDIR(st.st_mode):
            kind = "a symbolic link" if stat.S_ISLNK(st.st_mode) else "not a regular file"
            b.problems.append(f"{_shown(top)}: {kind}; not graded")
            continue
        parsed, why = _split_top(layout, top, is_dir=True)
        if parsed is None:
            b.problems.append(f"{_shown(top)}/: {why}; not graded")
            continue
        for dirpath, dirnames, filenames in os.walk(path, followlinks=False):
            rel_dir = Path(dirpath).relative_to(path)
            dirnames[:] = sorted(d for d in dirnames if not _ignored(d))
            if len(rel_dir.parts) >= MAX_DEPTH:
                b.problems.append(f"{_shown(top)}/{_shown(rel_dir.as_posix())}: nested too deep; ignored")
                dirnames[:] = []
            for d in dirnames:
                if os.path.islink(Path(dirpath) / d):
                    b.refuse(parsed.lms_id, _shown(f"{top}/{(rel_dir / d).as_posix()}"), "a symbolic link")
            for f in sorted(filenames):
                if _ignored(f):
                    continue
                p = Path(dirpath) / f
                rel = (rel_dir / f).as_posix()
                fst = os.lstat(p)
                if not stat.S_ISREG(fst.st_mode):
                    kind = "a symbolic link" if stat.S_ISLNK(fst.st_mode) else "not a regular file"
                    b.refuse(parsed.lms_id, _shown(f"{top}/{rel}"), kind)
                    continue
                b.folder_file(parsed, top, rel, Source(p, "", fst.st_size, fst.st_mtime))
    return b.scan()


def _member_problem(info: zipfile.ZipInfo) -> str:
    name = info.filename
    if name.startswith("/") or "\\" in name or (len(name) > 1 and name[1] == ":"):
        return "an absolute or Windows path"
    if any(part == ".." for part in name.split("/")):
        return "a path with '..'"
    if stat.S_ISLNK(info.external_attr >> 16):
        return "a symbolic link"
    if info.flag_bits & 0x1:
        return "encrypted"
    return ""


def scan_zip(path: Path, layout: str) -> Scan:
    """Scan a bulk download zip without extracting it (members are read later, bounded, by `stage`)."""
    b = _Builder(layout)
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ValueError(f"{path}: not a readable zip ({exc})") from exc
    if len(infos) > MAX_MEMBERS:
        raise ValueError(f"{path}: more than {MAX_MEMBERS} entries")
    for info in infos:
        if info.is_dir():
            continue
        parts = info.filename.split("/")
        problem = _member_problem(info)
        if not problem and any(_ignored(p) for p in parts):
            continue
        source = Source(
            path, info.filename, info.file_size, float(calendar.timegm((*info.date_time, 0, 0, 0)))
        )
        if len(parts) == 1:
            if problem:
                b.problems.append(f"{_shown(info.filename)}: {problem}; not graded")
            else:
                b.top_file(parts[0], source)
            continue
        top, rel = parts[0], "/".join(parts[1:])
        parsed, why = _split_top(layout, top, is_dir=True)
        if parsed is None:
            b.problems.append(f"{_shown(top)}/: {why}; not graded")
            continue
        if problem:
            b.refuse(parsed.lms_id, _shown(info.filename), problem)
        elif len(parts) - 1 > MAX_DEPTH:
            b.problems.append(f"{_shown(info.filename)}: nested too deep; ignored")
        else:
            b.folder_file(parsed, top, rel, source)
    # one problem line per unparsable top-level folder, not one per file in it
    b.problems = list(dict.fromkeys(b.problems))
    return b.scan()


def scan_download(path: Path, layout: str) -> Scan:
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (choose from {', '.join(LAYOUTS)})")
    if path.is_dir():
        return scan_folder(path, layout)
    return scan_zip(path, layout)
