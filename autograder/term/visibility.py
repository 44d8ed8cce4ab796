"""When a student may see the scores and hidden-check feedback of an assignment.

- `immediately`: as soon as an attempt is graded;
- `after_due`: once the assignment's due-at AND the student's own due-at (an extension) have
  passed, so a student still working cannot probe the hidden checks through another's feedback,
  nor through their own;
- `on_release`: once a TA released the assignment's grades.

A TA's release also opens `after_due` grades early. A grade once visible stays visible when an
extension moves the student's due date later (`kept`), until a TA un-releases the assignment.
Until grades are visible, a student sees that the attempt was received, and when grades come,
never the score.
"""

from __future__ import annotations

from dataclasses import dataclass

from autograder.term.course import Assignment


@dataclass(frozen=True)
class Visibility:
    visible: bool
    shown_from: float | None  # when they become visible (unix s); None: when a TA releases them


def grade_visibility(
    assignment: Assignment,
    student_due_at: float | None,
    released_at: float | None,
    now: float,
    *,
    kept: bool = False,
) -> Visibility:
    """`kept`: the grade was visible to the student before their deadline moved later (an
    extension); it stays visible (visibility never moves backwards without a TA's un-release)."""
    if assignment.visibility == "immediately" or released_at is not None or kept:
        return Visibility(True, None)
    if assignment.visibility == "after_due":
        dues = [t for t in (assignment.due_at, student_due_at) if t is not None]
        shown_from = max(dues) if dues else None
        return Visibility(shown_from is None or now > shown_from, shown_from)
    return Visibility(False, None)
