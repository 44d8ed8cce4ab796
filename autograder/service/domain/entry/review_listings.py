"""The TAs' lists behind `GET /api/overrides` and `GET /api/regrade-requests`, each read in one
connection of its own, so the web floor asks for a list and opens no connection itself.

    current_overrides(service, assignment_id) -> {student id: Override}
    requests(service, student_id=, status=, assignment_id=) -> [Request], open ones first
"""

from __future__ import annotations

from autograder.service.domain.core import Service
from autograder.service.domain.gradebook import overrides
from autograder.service.domain.review import regrade_requests


def current_overrides(service: Service, assignment_id: str) -> dict[str, overrides.Override]:
    """Every student of the assignment that has an override -> that override, read at one moment."""
    with service.engine.connect() as conn:
        return overrides.all_current(conn, assignment_id)


def requests(
    service: Service,
    *,
    student_id: str | None = None,
    status: str | None = None,
    assignment_id: str | None = None,
) -> list[regrade_requests.Request]:
    """Regrade requests with their threads (`regrade_requests.listing`): a student's own when
    `student_id` is given, one status or assignment's when those are."""
    with service.engine.connect() as conn:
        return regrade_requests.listing(
            conn, student_id=student_id, status=status, assignment_id=assignment_id
        )
