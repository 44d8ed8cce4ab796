"""`jaxgrade submit`: the terminal client of the grader service.

The client is `jaxcourse/_submit_client.py` (standard library only), the one file every release
ships to students so that the notebook's submit cell and a student's own `python3` can use it
without the grader installed; this command is that module, so there is one copy of the code.
"""

from __future__ import annotations

import sys

from jaxcourse._submit_client import (
    EXIT_GRADED,
    EXIT_GRADER,
    EXIT_REFUSED,
    FINISHED,
    GRADED,
    GRADER_ERROR,
    ServerSaid,
    add_arguments,
    check_server,
    fetch_assignments,
    fetch_attempt,
    fetch_feedback,
    is_loopback,
    main,
    multipart_body,
    read_token,
    run,
    score_table,
    server_problem,
    submissions_url,
    upload,
    wait_for_grade,
)

__all__ = [
    "EXIT_GRADED",
    "EXIT_GRADER",
    "EXIT_REFUSED",
    "FINISHED",
    "GRADED",
    "GRADER_ERROR",
    "ServerSaid",
    "add_arguments",
    "check_server",
    "fetch_assignments",
    "fetch_attempt",
    "fetch_feedback",
    "is_loopback",
    "main",
    "multipart_body",
    "read_token",
    "run",
    "score_table",
    "server_problem",
    "submissions_url",
    "upload",
    "wait_for_grade",
]

if __name__ == "__main__":
    sys.exit(main())
