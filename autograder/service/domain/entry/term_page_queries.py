"""What the TAs' assignment pages (web/term_pages.py) read of the extensions, each in a connection of
its own, so the pages open none:

    extensions_of(service, assignment_id) -> {student id: Extension}   every extension granted
    extension_of(service, assignment_id, student_id) -> Extension | None
"""

from __future__ import annotations

from autograder.service.domain.core import Service
from autograder.service.domain.course import extensions
from autograder.term.counting import Extension


def extensions_of(service: Service, assignment_id: str) -> dict[str, Extension]:
    """The assignment's extensions, read at one moment."""
    with service.engine.connect() as conn:
        return extensions.load(conn, assignment_id)


def extension_of(service: Service, assignment_id: str, student_id: str) -> Extension | None:
    return extensions.current(service, assignment_id, student_id)


__all__ = ["extension_of", "extensions_of"]
