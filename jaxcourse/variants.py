"""Per-student variants of an exercise whose answer is a single value (chapter 2, exercise 2).

Every student predicts the compilations of their own call sequence, drawn from the pool in
`recompile_pool.json` (next to this file, shipped with every release) by a hash of the student id.
The pool holds only the sequences, never their compile counts.

Pool format: {"format": 1, "function": "g", "salt": str, "sequences": [python source, ...]}; every
sequence defines `function` with `jax.jit` and calls it. The selection is
  index = first 8 bytes of sha256(salt + "\\n" + normalised id), big endian, modulo len(sequences),
with the id normalised by NFKC, stripped of surrounding whitespace and case-folded. The same code
picks the sequence in the student's notebook (`show_recompile_sequence`) and in the grader, which
uses the student id it knows (folder or file name, LMS student, service login), never one the
student typed.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from jaxcourse._i18n import _

POOL_FILE = Path(__file__).with_name("recompile_pool.json")


@dataclass(frozen=True)
class RecompilePool:
    function: str  # the jitted function every sequence defines and calls
    salt: str  # changes the student -> sequence assignment (e.g. one per term)
    sequences: tuple[str, ...]


def load_pool(path: Path = POOL_FILE) -> RecompilePool:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    if doc.get("format") != 1:
        raise ValueError(f"{path}: unknown pool format {doc.get('format')!r}")
    function, salt, sequences = doc["function"], doc["salt"], doc["sequences"]
    if not (isinstance(function, str) and function.isidentifier() and isinstance(salt, str)):
        raise ValueError(f"{path}: 'function' must be an identifier and 'salt' a string")
    if not (isinstance(sequences, list) and sequences
            and all(isinstance(s, str) and s.strip() for s in sequences)):
        raise ValueError(f"{path}: 'sequences' must be a non-empty list of Python sources")
    return RecompilePool(function, salt, tuple(sequences))


def normalise_student_id(student_id: str) -> str:
    return unicodedata.normalize("NFKC", str(student_id)).strip().casefold()


def variant_index(student_id: str, pool: RecompilePool) -> int:
    key = f"{pool.salt}\n{normalise_student_id(student_id)}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") % len(pool.sequences)


def recompile_sequence(student_id: str, pool: RecompilePool | None = None) -> str:
    pool = pool or load_pool()
    return pool.sequences[variant_index(student_id, pool)]


_selected: list[str] = []  # the id last shown in this notebook session (the self-check measures its sequence)


def show_recompile_sequence(student_id: str) -> None:
    """Print the call sequence of `student_id` (练习 2 uses it) and remember it for the self-check."""
    if not normalise_student_id(student_id) or "学号" in student_id:  # the notebook's placeholder
        print(_("请把参数换成你自己的学号,例如 show_recompile_sequence(\"2026001\")"))
        return
    pool = load_pool()
    index = variant_index(student_id, pool)
    _selected[:] = [student_id]
    print(
        _("学号 {student_id} 的调用序列(变体 {variant}/{variants}),预测其中 {function} 的编译次数:\n").format(
            student_id=student_id, variant=index + 1, variants=len(pool.sequences), function=pool.function
        )
    )
    print(pool.sequences[index])


def selected_sequence() -> str:
    """The sequence of the id last passed to show_recompile_sequence, else the pool's first one."""
    pool = load_pool()
    return recompile_sequence(_selected[0], pool) if _selected else pool.sequences[0]
