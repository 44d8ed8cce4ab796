"""Hidden expected values that must never reach a student's feedback (used by tests/test_checks_ch0*.py).

Once students can submit many times, feedback is an oracle: it must say which property failed and
how, never the value that answers the exercise. `leaks(feedback, ...)` lists every place a rendered
feedback file (feedback.md, or feedback.html after stripping tags) states one:
  * any exercise: "应为 <number>" or "实测 <number>" (an expected or measured value spelled out);
  * recompile: the measured compile count of that student's own sequence, anywhere in its section;
  * fusion: a case's expected fusion count or "bytes accessed" inside that case's clause (elsewhere a
    number may be the student's own value for another case).
Sub-check titles and the points are removed first (titles are fixed text such as "至少 1 条 fusion").
"""

from __future__ import annotations

import html
import re

from autograder.exercises import load
from autograder.exercises.base import ProbeInputs

_GENERIC = re.compile(r"(应为|实测|编译产物[::]?)\s*[\d.,]+")
_POINTS = re.compile(r"\d+\.\d\d / \d+\.\d\d")


def sections(feedback: str) -> dict[str, str]:
    """Exercise id -> the plain text of its part of a feedback.md or feedback.html file, without the
    heading, the sub-check titles and the points; "" -> everything before the first exercise."""
    is_html = feedback.lstrip().startswith("<!DOCTYPE html>")
    chunks = re.split(r"(?=<h[23]>)" if is_html else r"(?m)^(?=#{2,3} )", feedback)
    out: dict[str, str] = {"": chunks[0]}
    for chunk in chunks[1:]:
        m = re.search(r"<code>([a-z_]+)</code>" if is_html else r"\(`([a-z_]+)`\)", chunk.split("\n", 1)[0])
        if m is None:
            continue
        body = chunk.split("</h3>", 1)[-1] if is_html else chunk.split("\n", 1)[-1]
        if is_html:
            body = html.unescape(re.sub(r"<[^>]+>", "\n", body))
        for sub in load(m.group(1)).EXERCISE.subchecks:
            body = body.replace(sub.title_zh, "")
        out[m.group(1)] = _POINTS.sub("", body)
    return out


def _token(value: int) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.,]){value}(?![\w.,])")


def leaks(feedback: str, *, recompile_count: int | None, fusion_inputs: ProbeInputs | None) -> list[str]:
    parts = sections(feedback)
    found = [f"{ex}: {m.group(0)}" for ex, text in parts.items() for m in _GENERIC.finditer(text)]
    if recompile_count is not None:
        part = parts.get("recompile", "")
        found += [f"recompile: {m.group(0)}" for m in _token(recompile_count).finditer(part)]
    if fusion_inputs is not None:
        from autograder.exercises import fusion

        part = parts.get("fusion", "")
        for case, (count, nbytes) in fusion.measure(fusion_inputs.params).items():
            for clause in re.findall(rf"{re.escape(fusion._CASE_ZH[case])}:[^;\n]*", part):
                said = clause.split(":", 1)[1]
                if _token(count).search(said) or fusion._num(nbytes) in said:
                    found.append(f"fusion {case}: {clause}")
    return found
