"""Run in a fresh interpreter with the fixture exercise registered (JAXGRADE_EXERCISE_MODULES): read
a finished real `jaxgrade grade` folder into the similarity units and the in-process service, and
print what they show of the ninth exercise as one JSON line (tests/test_ninth_exercise.py).

argv: RELEASE SUBMISSIONS SOLUTIONS GRADE_OUT DATA_DIR STUDENT...
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

from autograder.grade import result_file
from autograder.model import ReleaseInfo
from autograder.service.app.worker import read_outcome
from autograder.service.domain.core import Service
from autograder.service.domain.course.config import ServiceConfig
from autograder.service.web.items_page import analysis_context, counted_graded
from autograder.similarity.units import read_students, subtracted

EXERCISE = "word_count"


def main(argv: list[str]) -> dict[str, object]:
    release_root, subs, solutions, out, data = (Path(a) for a in argv[:5])
    students = tuple(argv[5:])
    release = ReleaseInfo.load(release_root)
    units = {s.student_id: s.units.get(EXERCISE) for s in read_students(subs, release)}
    reference = subtracted(release, solutions).reference.get(EXERCISE)

    roster = data.parent / "roster.csv"
    roster.write_text("student_id,name\n" + "".join(f"{s},学生 {s}\n" for s in students), encoding="utf-8")
    service = Service(ServiceConfig(data_dir=data, release=release_root, roster=roster))
    for sid in students:
        att = service.intake.submit(sid, [(f"{sid}.ipynb", (subs / f"{sid}.ipynb").read_bytes())])
        claimed = service.queue.claim_next("test/worker-1")
        assert claimed is not None and claimed.id == att.id
        # the worker's reading of a finished batch folder: the result file the grade host writes from
        # the real run's gradebook, validated and checked
        result_file.write(out, sid, (EXERCISE,))
        assert service.queue.finish_graded(
            "test/worker-1", att.id, read_outcome(out, sid, release, (EXERCISE,))
        )
    rows = list(csv.DictReader(io.StringIO(service.exports.grades_csv())))
    dashboard = service.exports.dashboard()
    items = analysis_context(counted_graded(service, service.assignment_lookup.assignment(None).id), release)[
        "items"
    ]
    return {
        "units": units,
        "reference": reference,
        "grades_csv": {r["student_id"]: r[EXERCISE] for r in rows},
        "pass_rate": dashboard["exercise_pass_rates"][EXERCISE],
        "subcheck_rates": {
            k: v for k, v in dashboard["subcheck_pass_rates"].items() if k.startswith(EXERCISE)
        },
        "items": {i["name"]: i["passed"] for i in items if i["name"].startswith(EXERCISE)},
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), ensure_ascii=False))
