"""The quiz's API for TAs.

POST /api/assignments/{a}/publish-quiz-answers   show the quiz's model answers, explanations and
                                                 choice points to the students now, before
                                                 submissions close (audited `answers_published`);
                                                 {"published": bool (false: published before),
                                                  "visible": true}
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from autograder.service.domain.quiz import model_answers
from autograder.service.domain.review import grade_review
from autograder.service.web.api import CurrentTa, service_of

router = APIRouter(prefix="/api/assignments")


@router.post("/{assignment_id}/publish-quiz-answers")
def publish_quiz_answers(request: Request, assignment_id: str, ta: CurrentTa) -> JSONResponse:
    service = service_of(request)
    assignment = grade_review.assignment_of(service, assignment_id)  # 404 for an unknown one
    published = model_answers.publish(service, assignment, ta, service.clock())
    shown = model_answers.visibility(service, assignment, service.clock())
    return JSONResponse({"published": published, "visible": shown.visible})
