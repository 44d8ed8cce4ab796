"""The grading run's behavioural fingerprint of one exercise, made in the parent (trusted side).

Two parts, both plain data (the similarity report scores them: similarity/behaviour.py):
  * `jaxprs`: the primitive sequences the sandboxed child's tap recorded while the probe traced the
    student's code (sandboxed/behaviour.py; observation BEHAVIOUR_KEY). Student code shares the
    child's process and can forge or break it, so it is validated here like any untrusted input
    (shape, sizes, printable names) and dropped whole when malformed;
  * `wrong`: when the exercise failed a sub-check, one token per observed value: a hash of the failed
    sub-checks' names, the observation key and the value rounded (never the value, never an
    expected one).
`fingerprint(obs, score)` makes it; `write_behaviour`/`read_behaviour_file` keep it beside
results.json as `behaviour.json` = {"format": 1, "student_id": str, "exercises": {id: {"jaxprs":
[[str]], "wrong": [str]}}}.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from autograder.sandboxed.behaviour import MAX_JAXPRS, MAX_NAME_CHARS, MAX_PRIMITIVES
from autograder.sandboxed.wire import BEHAVIOUR_KEY
from autograder.untrusted_json import UnreadableFile, loads, read_capped

MAX_WRONG_TOKENS = 200
MAX_FILE_BYTES = 16 * 2**20
FILE_NAME = "behaviour.json"


@dataclass(frozen=True)
class ExerciseBehaviour:
    """One student's fingerprint of one exercise from the grading run."""

    jaxprs: tuple[tuple[str, ...], ...]  # primitive names of each traced jaxpr, in trace order
    wrong: tuple[str, ...]  # tokens of what a failed exercise produced (hashes, never the values)

    def to_json(self) -> dict[str, Any]:
        return {"jaxprs": [list(s) for s in self.jaxprs], "wrong": list(self.wrong)}

    @classmethod
    def from_json(cls, raw: Any) -> ExerciseBehaviour | None:
        """Validated: None when `raw` is not what `to_json` (or the child, for "jaxprs") writes."""
        if not isinstance(raw, dict):
            return None
        jaxprs = _jaxprs(raw.get("jaxprs"))
        wrong = raw.get("wrong", [])
        if jaxprs is None or not isinstance(wrong, list) or len(wrong) > MAX_WRONG_TOKENS:
            return None
        if not all(isinstance(t, str) and 0 < len(t) <= 200 for t in wrong):
            return None
        return cls(jaxprs, tuple(wrong))


def _jaxprs(raw: Any) -> tuple[tuple[str, ...], ...] | None:
    if not isinstance(raw, list) or len(raw) > MAX_JAXPRS:
        return None
    out = []
    for seq in raw:
        if not isinstance(seq, list) or len(seq) > MAX_PRIMITIVES:
            return None
        if not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_CHARS and n.isprintable() for n in seq):
            return None
        out.append(tuple(seq))
    return tuple(out)


def read_child_key(raw: Any) -> tuple[tuple[str, ...], ...]:
    """The jaxpr sequences of the child's BEHAVIOUR_KEY observation; () when missing or malformed
    (student code shares the child's process and can forge or break it)."""
    if not isinstance(raw, dict):
        return ()
    return _jaxprs(raw.get("jaxprs")) or ()


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(len(p).to_bytes(8, "big"))
        h.update(p)
    return h.hexdigest()[:24]


def value_digest(value: Any) -> str | None:
    """A hash of an observed value, rounded so the same computation in another order still matches
    (arrays: 4 decimals after scaling by the largest magnitude); None for what is not a value."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biuf" or value.size > 2**22:
            return None
        arr = value.astype(np.float64)
        finite = arr[np.isfinite(arr)]
        scale = float(np.max(np.abs(finite))) if finite.size else 1.0
        rounded = np.round(arr / (scale or 1.0), 4) + 0.0  # + 0.0: -0.0 and 0.0 hash alike
        cells = np.nan_to_num(rounded, nan=7.0, posinf=8.0, neginf=9.0)  # outside [-1, 1]: no clash
        return _digest(str(value.shape).encode(), cells.tobytes())
    try:
        text = json.dumps(value, sort_keys=True, default=str)[:100_000]
    except (TypeError, ValueError):
        return None
    return _digest(text.encode())


def wrong_value_tokens(failed_checks: Iterable[str], values: Mapping[str, Any]) -> tuple[str, ...]:
    """Tokens of a failed exercise: each observed value (its key and rounded value), prefixed by the
    set of failed sub-checks, so a token matches only when both failed the same sub-checks with the
    same outputs. Values are comparable only between students graded on the same inputs
    (`--seed-policy fixed`); with per-submission seeds they never match and the channel is silent."""
    failed = sorted(set(failed_checks))
    if not failed:
        return ()
    prefix = _digest(*(n.encode() for n in failed))[:8]
    tokens = []
    for key in sorted(values)[: MAX_WRONG_TOKENS - 1]:
        if key.startswith("__") or key.startswith("kernel.__"):
            continue
        digest = value_digest(values[key])
        if digest is not None:
            tokens.append(f"value:{prefix}:{_digest(key.encode())[:8]}:{digest}")
    return tuple(tokens)




def fingerprint(values: Mapping[str, Any], failed_checks: Iterable[str]) -> ExerciseBehaviour | None:
    """The exercise's fingerprint from its observations and the names of its failed sub-checks; None
    when there is nothing to compare (no trace recorded and nothing failed)."""
    jaxprs = read_child_key(values.get(BEHAVIOUR_KEY))
    wrong = wrong_value_tokens(failed_checks, values)
    if not jaxprs and not wrong:
        return None
    return ExerciseBehaviour(jaxprs, wrong)


def write_behaviour(folder: Path, student_id: str, exercises: Mapping[str, ExerciseBehaviour]) -> None:
    doc = {"format": 1, "student_id": student_id,
           "exercises": {ex: b.to_json() for ex, b in sorted(exercises.items())}}
    (folder / FILE_NAME).write_text(json.dumps(doc, sort_keys=True), encoding="utf-8")


def read_behaviour_file(path: Path) -> tuple[str, dict[str, ExerciseBehaviour]] | None:
    """(student id, exercise -> fingerprint) of a `behaviour.json`; None when unreadable or malformed
    (an exercise entry that is malformed is left out)."""
    try:
        data, more = read_capped(path, MAX_FILE_BYTES)
        doc = None if more else loads(data)
    except (UnreadableFile, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != 1 or not isinstance(doc.get("student_id"), str):
        return None
    exercises = doc.get("exercises")
    if not isinstance(exercises, dict):
        return None
    out = {ex: b for ex, raw in exercises.items() if isinstance(ex, str)
           and (b := ExerciseBehaviour.from_json(raw)) is not None}
    return doc["student_id"], out
