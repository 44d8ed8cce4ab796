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


# ---- model answers and explanations of the quiz ---------------------------------------------------
#
# A student who can still submit must not read a model answer (nor which options are correct): they
# would copy it into their next upload. So the quiz's model answers, explanations and a choice
# question's points appear once NO student of the assignment can submit any more (the assignment's
# closing time and every extension's have passed), whatever the grades' visibility, or earlier
# when a TA publishes them (an audited choice).


def closing_time(deadlines: list[tuple[float | None, float | None]]) -> float | None:
    """The last moment any student may still submit, from each student's (due_at, late_until), the
    assignment's own among them; None: someone may submit forever (no deadline)."""
    closes = [late if late is not None else due for due, late in deadlines]
    if not closes or any(c is None for c in closes):
        return None
    return max(c for c in closes if c is not None)


def answers_visibility(closes_at: float | None, published_at: float | None, now: float) -> Visibility:
    """Whether the quiz's model answers show now: published by a TA, or past `closes_at`."""
    if published_at is not None:
        return Visibility(True, None)
    return Visibility(closes_at is not None and now > closes_at, closes_at)
