"""The grading run's behavioural fingerprint of one exercise, made in the parent (trusted side).

Two parts, both plain data (the similarity report scores them: similarity/behaviour.py):
  * `jaxprs`: the primitive sequences the sandboxed child's tap recorded while the probe traced the
    student's code (sandboxed/behaviour.py; observation BEHAVIOUR_KEY). Student code shares the
    child's process and can forge or break it, so it is validated here like any untrusted input
    (shape, sizes, printable names) and dropped whole when malformed;
  * `values`: one token per observed value, a hash of the observation key and the rounded value
    (never the value, never an expected one), and `failed`, a hash of the failed sub-checks' names:
    two students who failed the same sub-checks and share a value the rest of the class does not
    produce share a wrong value.
`fingerprint(obs, score)` makes it; `write_behaviour`/`read_behaviour_file` keep it beside
results.json as `behaviour.json` = {"format": 1, "student_id": str, "exercises": {id: {"jaxprs":
[[str]], "values": [str], "failed": str}}}.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from autograder.grade.kernel_ir import valid_sequences
from autograder.sandboxed.wire import BEHAVIOUR_KEY
from autograder.untrusted_json import UnreadableFile, loads, read_capped

# the kernel build's fingerprint is kept under the similarity report's kernel unit, beside the
# exercises': {"jaxprs": [opcode sequences of the optimised IR]} (grade/kernel_ir.py)
KERNEL_UNIT = "silu.cc"
MAX_VALUE_TOKENS = 200
MAX_FILE_BYTES = 16 * 2**20
FILE_NAME = "behaviour.json"


@dataclass(frozen=True)
class ExerciseBehaviour:
    """One student's fingerprint of one exercise from the grading run."""

    jaxprs: tuple[tuple[str, ...], ...]  # primitive names of each traced jaxpr, in trace order
    values: tuple[str, ...] = ()  # "<key hash>:<rounded value hash>" per observed value (never a value)
    failed: str = ""  # a hash of the names of the sub-checks that failed; "": none failed

    def to_json(self) -> dict[str, Any]:
        return {"jaxprs": [list(s) for s in self.jaxprs], "values": list(self.values), "failed": self.failed}

    @classmethod
    def from_json(cls, raw: Any) -> ExerciseBehaviour | None:
        """Validated: None when `raw` is not what `to_json` (or the child, for "jaxprs") writes."""
        if not isinstance(raw, dict):
            return None
        jaxprs = _jaxprs(raw.get("jaxprs"))
        values, failed = raw.get("values", []), raw.get("failed", "")
        if jaxprs is None or not isinstance(values, list) or len(values) > MAX_VALUE_TOKENS:
            return None
        if not all(isinstance(t, str) and 0 < len(t) <= 64 for t in values):
            return None
        if not isinstance(failed, str) or len(failed) > 64:
            return None
        return cls(jaxprs, tuple(values), failed)


def _jaxprs(raw: Any) -> tuple[tuple[str, ...], ...] | None:
    return valid_sequences(raw)


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
    (arrays: 4 decimals after scaling by the largest magnitude); None for what is not a value (an
    error the call raised, a non-numeric array)."""
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
        # plain JSON only: a raised exception (StudentError) is not an output, and two answers
        # misusing one API the same way raise the same message (measured: a false positive)
        text = json.dumps(value, sort_keys=True, allow_nan=False)[:100_000]
    except (TypeError, ValueError):
        return None
    return _digest(text.encode())


def value_tokens(values: Mapping[str, Any]) -> tuple[str, ...]:
    """One token per observed value: its key and rounded value, hashed. Every student gets them, so
    the class tells a correct value (most hold it) from a rare wrong one. Values are comparable only
    between students graded on the same inputs (a fixed seed); with per-submission seeds (the
    default) they never match and the wrong-value channel is silent."""
    tokens = []
    for key in sorted(values):
        if key.startswith("__") or key.startswith("kernel.__"):
            continue
        digest = value_digest(values[key])
        if digest is not None:
            tokens.append(f"{_digest(key.encode())[:8]}:{digest}")
        if len(tokens) >= MAX_VALUE_TOKENS:
            break
    return tuple(tokens)




def fingerprint(values: Mapping[str, Any], failed_checks: Iterable[str]) -> ExerciseBehaviour | None:
    """The exercise's fingerprint from its observations and the names of its failed sub-checks; None
    when there is nothing to compare (no trace recorded and nothing failed)."""
    jaxprs = read_child_key(values.get(BEHAVIOUR_KEY))
    tokens = value_tokens(values)
    if not jaxprs and not tokens:
        return None
    failed = sorted(set(failed_checks))
    return ExerciseBehaviour(jaxprs, tokens, _digest(*(n.encode() for n in failed))[:16] if failed else "")


def kernel_fingerprint(ir: tuple[tuple[str, ...], ...]) -> ExerciseBehaviour | None:
    """The kernel build's entry (KERNEL_UNIT) from its IR sequences; None when there are none."""
    sequences = valid_sequences([list(s) for s in ir])
    return ExerciseBehaviour(sequences) if sequences else None


def write_behaviour(folder: Path, student_id: str, exercises: Mapping[str, ExerciseBehaviour]) -> None:
    doc = {"format": 1, "student_id": student_id,
           "exercises": {ex: b.to_json() for ex, b in sorted(exercises.items())}}
    (folder / FILE_NAME).write_text(json.dumps(doc, sort_keys=True), encoding="utf-8")


@dataclass(frozen=True)
class BehaviourFile:
    """One student's `behaviour.json` as read: whose it is, and each exercise's fingerprint."""

    student_id: str
    exercises: dict[str, ExerciseBehaviour]


def read_behaviour_file(path: Path) -> BehaviourFile | None:
    """The student id and exercise -> fingerprint of a `behaviour.json`; None when unreadable or
    malformed (an exercise entry that is malformed is left out)."""
    try:
        capped = read_capped(path, MAX_FILE_BYTES)
    except UnreadableFile:
        return None
    return None if capped.truncated else parse_behaviour(capped.data)


def parse_behaviour(data: bytes) -> BehaviourFile | None:
    """A `behaviour.json`'s bytes read as `read_behaviour_file` reads the file (the service's blob
    store hands it the bytes the grade's artefact kept); None when malformed."""
    try:
        doc = loads(data)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != 1 or not isinstance(doc.get("student_id"), str):
        return None
    exercises = doc.get("exercises")
    if not isinstance(exercises, dict):
        return None
    out = {ex: b for ex, raw in exercises.items() if isinstance(ex, str)
           and (b := ExerciseBehaviour.from_json(raw)) is not None}
    return BehaviourFile(doc["student_id"], out)
