"""Where `jaxgrade grade` reads a course from and writes it back to, besides a plain SUBMISSIONS folder.

- an LMS download (`--layout canvas|moodle|flat`, `--roster`): autograder.lms.course_input;
- an nbgrader course (`--nbgrader COURSE_DIR --assignment V`): autograder.nbgrader_bridge.grade_input.
Either one stages its students as a plain SUBMISSIONS folder inside OUT before the batch (`prepare`)
and writes its outputs after it (`finish`); the batch itself does not know where students came from.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from autograder.grade.model import GraderFault, ReleaseInfo


@dataclass
class CourseIO:
    kind: str  # "lms" | "nbgrader"
    options: object
    input_root: Path  # what sandboxes must not see (the download, or the whole course folder)
    prepared: object | None = None

    def prepare(self, out: Path) -> Path:
        """Stage the students; returns the SUBMISSIONS folder for the batch."""
        try:
            if self.kind == "lms":
                from autograder.lms import course_input

                self.prepared = course_input.prepare(self.options, out)
            else:
                from autograder.nbgrader_bridge import grade_input

                self.prepared = grade_input.prepare(self.options, out)
        except (OSError, ValueError) as exc:
            raise GraderFault(f"cannot read {self.input_root}: {exc}") from exc
        return self.prepared.submissions

    def finish(self, out: Path, release: ReleaseInfo, exercises: tuple[str, ...]) -> None:
        if self.prepared is None:
            return
        if self.kind == "lms":
            from autograder.grade.gradebook import Gradebook
            from autograder.lms import course_input

            scores: dict[str, float | None] = {}
            with Gradebook(out / "gradebook.sqlite") as gb:
                for m in self.prepared.mapping.students:
                    row = gb.get(m.student_id)
                    scores[m.student_id] = row.total if row is not None and row.state == "graded" else None
            possible = sum(p for ex, p in release.points.items() if not exercises or ex in exercises)
            try:
                course_input.finish(self.prepared, out, scores, possible, release.version)
            except OSError as exc:
                raise GraderFault(f"cannot write the LMS exports into {out}: {exc}") from exc
        else:
            from autograder.nbgrader_bridge import grade_input, venv

            try:
                grade_input.finish(self.prepared, out, release)
            except venv.NbgraderError as exc:
                raise GraderFault(str(exc)) from exc

    def discard(self) -> None:
        """Remove the staged copy when the batch did not get to `finish`."""
        if self.prepared is not None:
            from autograder.lms.stage import remove_stage

            remove_stage(self.prepared.submissions.parent)


def check(args: argparse.Namespace) -> CourseIO | None:
    """Validate the course options (ValueError: usage) and fill in the defaults they imply."""
    from autograder.lms import course_input
    from autograder.nbgrader_bridge import grade_input

    nbg = grade_input.check(args)
    if nbg is not None:
        return CourseIO("nbgrader", nbg, nbg.course_dir)
    if args.assignment is not None and args.layout is None:
        raise ValueError("--assignment goes with --nbgrader or --layout")
    lms = course_input.check(args)
    if lms is not None:
        return CourseIO("lms", lms, lms.download)
    return None
