"""The names Canvas and Moodle give the files of a bulk submission download (trusted parent, untrusted names).

Canvas ("Download Submissions"): one file per submitted file, named
`<name>_<user id>_<submission id>_<original name>`, or `<name>_LATE_<user id>_<submission id>_<original>`
for a late submission. `<name>` is the student's sortable name, lowercased, without spaces or `_`.

Moodle ("Download all submissions"): with "Download submissions in folders" one folder per student,
`<Full Name>_<participant id>_assignsubmission_file_` (files inside keep their names), otherwise
one file per submitted file, `<Full Name>_<participant id>_assignsubmission_file_<original name>`.
Moodle marks no late submissions in names. Online-text entries (`assignsubmission_onlinetext_`)
carry no notebook and are reported.

A name that does not match is returned as `None` by the parser: the caller reports it, nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CANVAS = re.compile(
    r"^(?P<name>[^_]+)_(?P<late>LATE_)?(?P<user>\d{1,20})_(?P<sub>\d{1,20})_(?P<original>.+)$"
)
_MOODLE = re.compile(
    r"^(?P<name>.+?)_(?P<user>\d{1,20})_assignsubmission_(?P<plugin>[a-z]+)_(?P<original>.*)$", re.DOTALL
)


@dataclass(frozen=True)
class LmsName:
    """What an LMS download name says about one submitted file (or a Moodle student folder)."""

    lms_id: str  # the LMS user id (Canvas) or participant id (Moodle)
    name: str  # the student's name as the LMS wrote it (for reports only)
    original: str  # the file's own name; "" for a Moodle student folder
    late: bool = False
    plugin: str = "file"  # Moodle submission plugin ("file", "onlinetext", ...)


def parse_canvas(filename: str) -> LmsName | None:
    m = _CANVAS.match(filename)
    if m is None:
        return None
    return LmsName(m["user"], m["name"], m["original"], late=m["late"] is not None)


def parse_moodle(name: str) -> LmsName | None:
    m = _MOODLE.match(name)
    if m is None or not m["name"].strip():
        return None
    return LmsName(m["user"], m["name"], m["original"], plugin=m["plugin"])
