"""What the service accepts in one upload, derived from intake's own rules so the two cannot drift.

The file types are intake's: notebooks (`.ipynb`), one `.zip`, and intake's extra source files
(`intake.EXTRA_SUFFIXES`: `.cc`, `.h`, `.py`, ...). The size caps are intake's `DEFAULT_LIMITS`:
an upload is one student's entry, so it may not exceed `max_student_bytes`, a notebook
`max_notebook_bytes`, an extra file `max_extra_bytes`. The service may be stricter (its own
`--max-upload-mb`, `max_files`), never looser (`ServiceConfig.check`).

An upload that passes here can still be refused by intake on its contents (a notebook that is not
JSON, a zip bomb): that attempt is graded to its `malformed:...` status, so nothing is lost.
"""

from __future__ import annotations

from autograder.grade.intake import DEFAULT_LIMITS, EXTRA_SUFFIXES
from autograder.i18n import _
from autograder.service.records import Refusal, refusal

NOTEBOOK_SUFFIX = ".ipynb"
ARCHIVE_SUFFIX = ".zip"  # intake reads zip archives; other archive types it refuses
UPLOAD_SUFFIXES: tuple[str, ...] = (NOTEBOOK_SUFFIX, ARCHIVE_SUFFIX, *sorted(EXTRA_SUFFIXES))
LIMITS = DEFAULT_LIMITS
MAX_NAME_CHARS = 200
MiB = 2**20


def _suffix_list() -> str:
    return _("、").join(UPLOAD_SUFFIXES)


def _file_cap(name: str) -> int:
    lower = name.lower()
    if lower.endswith(NOTEBOOK_SUFFIX):
        return LIMITS.max_notebook_bytes
    if lower.endswith(ARCHIVE_SUFFIX):
        return LIMITS.max_student_bytes
    return LIMITS.max_extra_bytes


def _plain_name(raw_name: str) -> str:
    name = raw_name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    shown = repr(name[:80])
    if not name or name.startswith(".") or len(name) > MAX_NAME_CHARS or any(ord(c) < 32 for c in name):
        raise refusal(422, "bad_name", f"unusable file name {shown}", name=shown)
    if not name.lower().endswith(UPLOAD_SUFFIXES):
        raise refusal(
            422,
            "bad_type",
            f"unsupported file type {shown} ({', '.join(UPLOAD_SUFFIXES)})",
            name=shown,
            suffixes=_suffix_list(),
        )
    return name


def check_files(
    files: list[tuple[str, bytes]], *, max_files: int, max_upload_bytes: int
) -> list[tuple[str, bytes]]:
    """The upload's files with plain base names, or a Refusal (400/413/422) saying what is wrong."""
    if not files:
        raise refusal(400, "no_files", "no files in the upload")
    if len(files) > max_files:
        raise refusal(
            413, "too_many_files", f"more than {max_files} files in one upload", max_files=max_files
        )
    if sum(len(data) for _unused, data in files) > max_upload_bytes:
        raise too_large(max_upload_bytes)
    out: list[tuple[str, bytes]] = []
    seen: set[str] = set()
    for raw_name, data in files:
        name = _plain_name(raw_name)
        shown = repr(name[:80])
        if name in seen:
            raise refusal(422, "twice", f"file {shown} uploaded twice", name=shown)
        if not data:
            raise refusal(422, "empty_file", f"file {shown} is empty", name=shown)
        cap = _file_cap(name)
        if len(data) > cap:
            raise refusal(
                413, "file_too_large", f"file {shown} larger than {cap} bytes", name=shown, mb=cap / MiB
            )
        seen.add(name)
        out.append((name, data))
    zips = [n for n, _unused in out if n.lower().endswith(ARCHIVE_SUFFIX)]
    notebooks = [n for n, _unused in out if n.lower().endswith(NOTEBOOK_SUFFIX)]
    if len(zips) > 1 or (zips and notebooks):
        raise refusal(422, "zip_and_notebooks", "upload either one .zip or .ipynb notebooks, not both")
    if not zips and not notebooks:
        raise refusal(422, "no_notebook", "no notebook or .zip in the upload")
    return out


def too_large(max_bytes: int) -> Refusal:
    return refusal(413, "too_large", f"request body larger than {max_bytes} bytes", mb=max_bytes / MiB)
