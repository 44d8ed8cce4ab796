"""Child-side probe of exercise `recompile` (chapter 2, exercise 2: `predicted_compiles: int`).

The probe only reads the student's prediction. It measures nothing: the parent counts the
compilations of the student's own call sequence (picked from the release's pool by the id the grader
knows, never one the notebook states) itself, in a clean process without student code.

Observation keys (all JSON, always written):
  defined      bool. Whether the namespace has a name `predicted_compiles`.
  type_name    str | null. Exact type of the value: the bare name for builtins ("int", "bool",
               "float", "str"), "<module>.<qualname>" otherwise (e.g. "numpy.int64"); null when
               `defined` is false.
  exact_int    bool. `type(predicted_compiles) is int` (False for bool, int subclasses, floats,
               numpy scalars, and when not defined).
  value        int | float | bool | null. The value as plain data: the int itself when `exact_int`,
               the bool for a bool, int(v) for other integral numbers (int subclasses, numpy
               integers), float(v) for finite real numbers, otherwise null. For display only; the
               parent judges `value` only when `exact_int` is true.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

from ..observe import Recorder


def _type_name(value: Any) -> str:
    t = type(value)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def _plain_value(value: Any) -> int | float | bool | None:
    if type(value) is int or type(value) is bool:
        return value
    try:
        if isinstance(value, numbers.Integral):
            return int(value)
        if isinstance(value, numbers.Real):
            f = float(value)
            return f if math.isfinite(f) else None
    except Exception:  # a student's number-like class may raise anything from __int__/__float__
        return None
    return None


def probe(ns: dict, inp: dict, rec: Recorder) -> None:
    defined = "predicted_compiles" in ns
    rec.put("defined", defined)
    value = ns.get("predicted_compiles")
    rec.put("type_name", _type_name(value) if defined else None)
    rec.put("exact_int", defined and type(value) is int)
    rec.put("value", _plain_value(value) if defined else None)
