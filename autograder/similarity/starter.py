"""Lines of the release's starter code, recognised line by line (trusted side, hostile text).

Subtracting the template's k-grams is not enough on its own: a starter line shorter than a k-gram
(`#include <cmath>`, `namespace ffi = xla::ffi;`, `def target(x, flag):`, `predicted_compiles = ...`)
only forms k-grams together with its neighbours, and once a student's definitions are sorted among
the starter's, those neighbours differ: the line matched nobody's template and was highlighted as
shared, and an untouched exercise counted as "too short" instead of "starter code only". So a
student's line that is, whitespace aside, a line of the release's cells for that unit is starter
code: its tokens are neither fingerprinted nor counted as the student's own.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from autograder.similarity.spans import Token

_SPACE = re.compile(rb"\s+")
# A template line this short (`}`, `);`) says nothing about who wrote the line it matches
MIN_LINE_CHARS = 3


def _normalised(line: bytes) -> bytes:
    return _SPACE.sub(b" ", line).strip()


normalised_line = _normalised  # what `starter_lines` holds of a line (layout.py reads lines too)


def starter_lines(texts: Iterable[str]) -> frozenset[bytes]:
    out = set()
    for text in texts:
        for line in text.encode("utf-8", "replace").split(b"\n"):
            norm = _normalised(line)
            if len(norm) >= MIN_LINE_CHARS:
                out.add(norm)
    return frozenset(out)


def without_starter(source: str, tokens: list[Token], lines: frozenset[bytes]) -> list[Token]:
    """`tokens` minus those on a line of the starter code (token spans are bytes of `source`)."""
    if not lines:
        return tokens
    data = source.encode("utf-8", "replace")
    starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]
    starter: dict[int, bool] = {}
    kept = []
    for t in tokens:
        i = bisect.bisect_right(starts, t.start) - 1
        if i not in starter:
            end = starts[i + 1] - 1 if i + 1 < len(starts) else len(data)
            starter[i] = _normalised(data[starts[i] : end]) in lines
        if not starter[i]:
            kept.append(t)
    return kept
