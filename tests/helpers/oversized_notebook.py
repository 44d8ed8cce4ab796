"""A chapter-2 notebook over intake's size cap, carrying a quiz answer (shared by the refused-notebook
tests: a hand-in of only that notebook, and that notebook beside a graded chapter)."""

from __future__ import annotations

import json

from autograder.grade.intake_read import DEFAULT_LIMITS

from helpers.fake_grading import ALL_OK, nb_bytes


def oversized_notebook() -> bytes:
    """A chapter-2 notebook with a quiz answer, padded past intake's cap by one long output."""
    nb = json.loads(nb_bytes("ch02", ALL_OK))
    nb["cells"].append({"cell_type": "markdown", "source": "**测验 ch02.q3 作答**\n\n答案: A",
                        "metadata": {"jaxgrade": {"role": "quiz_answer", "question": "ch02.q3"}}})
    padding = "x" * (DEFAULT_LIMITS.max_notebook_bytes + 1)
    nb["cells"].append({"cell_type": "raw", "metadata": {}, "source": padding})
    return json.dumps(nb, ensure_ascii=False).encode()
