"""What the review pages (web/review_pages.py, web/review_views.py) read of the regrade requests, in
a connection of its own, so the pages open none:

    request_threads(service, student_id=, assignment_id=) -> [Request]   open ones first, with threads
"""

from __future__ import annotations

from autograder.service.domain.core import Service
from autograder.service.domain.review import regrade_requests


def request_threads(
    service: Service, *, student_id: str | None = None, assignment_id: str | None = None
) -> list[regrade_requests.Request]:
    """The regrade requests with their messages (`regrade_requests.listing`): one student's when
    `student_id` is given, one assignment's when `assignment_id` is (both: that student's of it)."""
    with service.engine.connect() as conn:
        return regrade_requests.listing(conn, student_id=student_id, assignment_id=assignment_id)


__all__ = ["request_threads"]
