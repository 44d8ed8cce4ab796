"""An attempt's files laid out as one SUBMISSIONS entry, and the chapters intake finds in them.

The layout is the one a TA's folder would have: a lone notebook or zip is `<id>.ipynb` /
`<id>.zip`; several files go in a folder `<id>/` (a zip's extra `.cc` files too, which intake reads
as the same student). Every file's mtime is the upload time. The worker grades this layout; an
upload to one assignment of a term is checked on the same layout by the batch's own intake, so
"which chapters are in it" is judged once, the grader's way.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from autograder.grade.intake import read_submissions
from autograder.service.records import ClaimedAttempt
from autograder.service.storage.blobs import BlobStore

LAYOUT_ID = "s"  # the entry name of an upload checked before it is stored


def lay_out(subs: Path, student_id: str, files: Sequence[tuple[str, bytes]], mtime: float) -> None:
    """Write `files` (name, bytes) under `subs` as the one entry of `student_id`."""
    subs.mkdir(parents=True)
    if len(files) == 1 and files[0][0].lower().endswith((".ipynb", ".zip")):
        name, data = files[0]
        _write(subs / (student_id + (".zip" if name.lower().endswith(".zip") else ".ipynb")), data, mtime)
        return
    rest = list(files)
    zips = [f for f in files if f[0].lower().endswith(".zip")]
    if zips:
        _write(subs / f"{student_id}.zip", zips[0][1], mtime)
        rest.remove(zips[0])
    folder = subs / student_id
    folder.mkdir()
    for name, data in rest:
        _write(folder / name, data, mtime)


def materialise(blobs: BlobStore, attempt: ClaimedAttempt, subs: Path) -> None:
    """One SUBMISSIONS entry for the attempt's student, its files read from the blob store."""
    files = [(name, blobs.get(digest)) for name, digest in attempt.files]
    lay_out(subs, attempt.student_id, files, attempt.submitted_at)


def _write(path: Path, data: bytes, mtime: float) -> None:
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))


def chapters_in_layout(subs: Path) -> set[str]:
    """The chapters intake finds a notebook of in the one entry laid out under `subs`; empty for an
    upload intake refuses. CPU-heavy for a big notebook (intake parses and validates it): the
    service runs it in a child process (`intake_pool.py`)."""
    found = read_submissions(subs)
    return set(found[0].notebooks) if found else set()


def chapters_present(
    files: Sequence[tuple[str, bytes]],
    mtime: float,
    scratch: Path,
    chapters_in: Callable[[Path], set[str]] = chapters_in_layout,
) -> set[str]:
    """The chapters intake finds a notebook of in these (already size-checked) files; empty for an
    upload intake refuses, which is graded to its malformed status like any other. The files are
    laid out in a folder under `scratch` (the service's spool: the upload is not accepted yet),
    read by `chapters_in`, and removed on return."""
    with tempfile.TemporaryDirectory(prefix="jaxgrade-upload-", dir=scratch) as tmp:
        subs = Path(tmp) / "subs"
        lay_out(subs, LAYOUT_ID, files, mtime)
        return chapters_in(subs)
