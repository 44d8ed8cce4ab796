"""Whose submission is it: map the ids in download names to the course's student ids (trusted parent).

With a roster, the LMS user id (`lms_id` column) of a Canvas/Moodle name is looked up; the flat
layout's names are student ids and must be on the roster. An id that is not on the roster is
reported and not graded (never matched by name). Without a roster the id in the name is the
student id, provided it is usable as one (`roster.valid_student_id`).
"""

from __future__ import annotations

from dataclasses import dataclass

from autograder.lms.layouts import Item, Scan
from autograder.roster import Roster, valid_student_id


@dataclass(frozen=True)
class MappedStudent:
    student_id: str
    lms_id: str  # the id found in the download names
    lms_name: str
    late: bool  # any of the student's files carried the LMS late marker
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Mapping:
    layout: str
    students: tuple[MappedStudent, ...]  # sorted by student id
    problems: tuple[str, ...]  # English, one line each, for the TA (scan problems first)

    def late_ids(self) -> tuple[str, ...]:
        return tuple(s.student_id for s in self.students if s.late)


def map_students(scan: Scan, roster: Roster | None) -> Mapping:
    problems = list(scan.problems)
    by_key: dict[str, list[Item]] = {}
    for item in scan.items:
        by_key.setdefault(item.key, []).append(item)
    lookup = None
    if roster is not None:
        lookup = roster.by_id() if scan.layout == "flat" else roster.by_lms_id()
    column = "student_id" if scan.layout == "flat" else "lms_id"
    students: dict[str, MappedStudent] = {}
    for key in sorted(by_key):
        items = tuple(by_key[key])
        name = items[0].lms_name
        who = f"{key} ({name})" if name else key
        if lookup is not None:
            student = lookup.get(key)
            if student is None:
                problems.append(f"{who}: no roster row has {column} {key}; {len(items)} file(s) not graded")
                continue
            sid = student.student_id
        else:
            if not valid_student_id(key):
                problems.append(f"{who}: not usable as a student id; not graded")
                continue
            sid = key
        students[sid] = MappedStudent(sid, key, name, any(i.late for i in items), items)
    return Mapping(scan.layout, tuple(students[s] for s in sorted(students)), tuple(problems))
