"""Where `jaxgrade grade` reads a course from and writes it back to, besides a plain SUBMISSIONS folder.

- an LMS download (`--layout canvas|moodle|flat`, `--roster`): autograder.lms.course_input;
- an nbgrader course (`--nbgrader COURSE_DIR --assignment V`): autograder.nbgrader_bridge.grade_input.
Either one stages its students as a plain SUBMISSIONS folder inside OUT before the batch (`prepare`)
and writes its outputs after it (`finish`); the batch itself does not know where students came from.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from autograder.lms import course_input
from autograder.lms.stage import remove_stage
from autograder.model import GraderFault, ReleaseInfo
from autograder.nbgrader_bridge import grade_input, venv


@dataclass
class CourseIO:
    """One run's course input: the checked options, then (after `prepare`) what was staged."""

    options: course_input.LmsOptions | grade_input.NbgraderOptions
    input_root: Path  # what sandboxes must not see (the download, or the whole course folder)
    prepared: course_input.PreparedLms | grade_input.PreparedNbgrader | None = field(default=None)

    def prepare(self, out: Path) -> Path:
        """Stage the students; returns the SUBMISSIONS folder for the batch."""
        try:
            if isinstance(self.options, course_input.LmsOptions):
                self.prepared = course_input.prepare(self.options, out)
            else:
                self.prepared = grade_input.prepare(self.options, out)
        except (OSError, ValueError) as exc:
            raise GraderFault(f"cannot read {self.input_root}: {exc}") from exc
        return self.prepared.submissions

    def finish(self, out: Path, release: ReleaseInfo, exercises: tuple[str, ...]) -> None:
        if isinstance(self.prepared, course_input.PreparedLms):
            scores = course_input.graded_totals(out, self.prepared)
            possible = sum(p for ex, p in release.points.items() if not exercises or ex in exercises)
            try:
                course_input.finish(self.prepared, out, scores, possible, release.version)
            except OSError as exc:
                raise GraderFault(f"cannot write the LMS exports into {out}: {exc}") from exc
        elif isinstance(self.prepared, grade_input.PreparedNbgrader):
            try:
                grade_input.finish(self.prepared, out, release)
            except venv.NbgraderError as exc:
                raise GraderFault(str(exc)) from exc

    def discard(self) -> None:
        """Remove the staged copy (also when the batch did not get to `finish`)."""
        if self.prepared is not None:
            remove_stage(self.prepared.submissions.parent)


def check(args: argparse.Namespace) -> CourseIO | None:
    """Validate the course options (ValueError: usage) and fill in the defaults they imply."""
    nbg = grade_input.check(args)
    if nbg is not None:
        return CourseIO(nbg, nbg.course_dir)
    if args.assignment is not None and args.layout is None:
        raise ValueError("--assignment goes with --nbgrader or --layout")
    lms = course_input.check(args)
    if lms is not None:
        return CourseIO(lms, lms.download)
    return None
