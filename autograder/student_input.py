"""The one failure of every layer that decodes student-influenced data in the parent (bottom layer).

Every channel through which a student's bytes reach the trusted parent (intake of notebooks and
zips, the cell mapping, the observation stream, observation files and arrays, the progress file,
build output, exception text) has one decoding layer. What it hands on is valid, bounded data;
when it cannot, its only failure is `StudentInputError`, carrying a Chinese message for the student.
Nothing downstream (gradebook, content hash, feedback, results.json, Gradescope) sees invalid text:
lone surrogates (U+D800-U+DFFF, which JSON's `\\ud800` escapes and `surrogateescape` decoding make)
are replaced with U+FFFD at the boundary (`valid_text`, `valid_data`).

Imports nothing of the project, so every layer can use it.
"""

from __future__ import annotations

import re
from typing import Any

from autograder.i18n import N_, _

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"


class StudentInputError(ValueError):
    """Student-influenced data the parent cannot use; `message_zh` is for the student.

    A ValueError, so callers that already refuse malformed input with `except ValueError` keep doing
    so; the batch turns one that reaches it into the student's status, never a grader error.
    """

    def __init__(self, detail: str, message_zh: str = N_("提交或评分观测中含有无法处理的数据。")):
        super().__init__(detail)
        self.detail = detail
        self.message_zh = _(message_zh)

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        # subclasses take other arguments: across a process boundary the message is what matters
        return StudentInputError, (self.detail, self.message_zh)


def valid_text(text: str) -> str:
    """`text` with every lone surrogate replaced by U+FFFD: encodable as UTF-8 everywhere."""
    return _LONE_SURROGATE.sub(REPLACEMENT, text) if _LONE_SURROGATE.search(text) else text


def valid_data(value: Any) -> Any:
    """Plain JSON data with `valid_text` applied to every string, dictionary keys included.

    Iterative (JSON from a child may be nested as deep as `untrusted_json` allows); two keys that
    become equal keep the later value, as JSON does for a repeated key.
    """
    root = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        parent, slot = stack.pop()
        item = parent[slot]
        if isinstance(item, str):
            parent[slot] = valid_text(item)
        elif isinstance(item, list):
            stack.extend((item, i) for i in range(len(item)))
        elif isinstance(item, dict):
            if any(_LONE_SURROGATE.search(k) for k in item):
                fixed = {valid_text(k): v for k, v in item.items()}
                item.clear()
                item.update(fixed)
            stack.extend((item, k) for k in item)
    return root[0]
