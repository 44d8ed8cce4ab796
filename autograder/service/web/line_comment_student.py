"""The TA's line comments where a student reads their attempt outside its page (issue 45, section 1):
in the API's attempt (`GET /api/submissions/{id}`, which the `jaxgrade submit` client and the
notebook's submit cell print) and in the feedback HTML (the page's feedback and its download).

Both show exactly what the student's attempt page shows (`line_comments.student_part_views`): the
comments of their own attempt once its grade is shown to them, never a TA's name; before that,
nothing at all (no key in the JSON, the feedback HTML as the batch wrote it).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request

from autograder.service.web import page_kit
from autograder.service.web.line_comment_parts import PartView, student_part_views

_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)


def comments_json(parts: list[PartView]) -> list[dict[str, Any]]:
    """Each comment as the student may read it, with the lines it is on (their own text)."""
    out: list[dict[str, Any]] = []
    for part in parts:
        lines = [row.text for row in part.rows]
        for row in part.rows:
            for c in row.comments:
                link = part.links.get(c.id)
                out.append(
                    c.to_json(for_student=True)
                    | {
                        "lines": lines[c.target.first_line - 1 : c.target.last_line],
                        "link": None
                        if link is None
                        else {"kind": link.kind, "subject": link.subject, "gone": link.gone},
                    }
                )
    return out


def attempt_json_extra(request: Request, student_id: str, attempt_id: int) -> dict[str, Any]:
    """`{"line_comments": [...]}` to merge into the student's attempt JSON once there are comments
    they may see; {} before (the key is absent, as if there were none)."""
    parts = student_part_views(request, student_id, attempt_id)
    return {"line_comments": comments_json(parts)} if parts else {}


def feedback_with_comments(request: Request, student_id: str, attempt_id: int, html: str) -> str:
    """The batch's feedback HTML with the comments the student may see added before its end; the
    HTML unchanged when there are none. The comments are rendered by our template (escaped,
    `comment_markdown`), never spliced in as text from the request."""
    parts = student_part_views(request, student_id, attempt_id)
    if not parts:
        return html
    section = page_kit.TEMPLATES.env.get_template("line_comments_feedback.html").render(comment_parts=parts)
    ends = list(_BODY_END.finditer(html))
    if not ends:
        return html + section
    at = ends[-1].start()
    return html[:at] + section + html[at:]
