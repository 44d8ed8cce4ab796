"""Child side of the observation wire format (the parent side is autograder/observations.py).

A probe records named observations. Each becomes an entry of `<obs_dir>/<exercise>.json`:
  {"format": 1, "exercise": id, "values": {key: entry}}
where an entry is exactly one of
  {"json": <null | bool | int | float | str | list | dict of these>}
  {"npy": "<file name in obs_dir>"}   a numeric array saved with np.save(allow_pickle=False)
  {"error": {"type": str, "message": str}}   the observed call raised
Floats that JSON cannot carry (nan, inf) are written as {"json": {"float": "nan"}}; arrays keep them.
"""

from __future__ import annotations

import json
import math
import os
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

MAX_MESSAGE_CHARS = 2000
MAX_ARRAY_BYTES = 16 * 2**20


def _plain(value: Any, depth: int = 0) -> Any:
    """Convert to JSON-able plain data, refusing anything exotic (objects become their type name)."""
    if depth > 20:
        raise ValueError("nesting too deep")
    if value is None or type(value) in (bool, str):
        return value
    if type(value) is int:
        return value
    if type(value) is float:
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v, depth + 1) for k, v in value.items()}
    raise TypeError(f"not plain data: {type(value).__name__}")


class Recorder:
    """Collects one exercise's observations and writes them atomically."""

    def __init__(self, obs_dir: Path, exercise: str):
        self.obs_dir = Path(obs_dir)
        self.exercise = exercise
        self.values: dict[str, dict] = {}
        self._n_arrays = 0

    def put(self, key: str, value: Any) -> None:
        """Record a value: numpy/jax arrays become .npy files, everything else plain JSON."""
        if hasattr(value, "__array__") and not isinstance(value, (bool, int, float, str)):
            arr = np.asarray(value)
            if arr.dtype.kind not in "biufc":
                raise TypeError(f"array of dtype {arr.dtype} is not numeric")
            if arr.nbytes > MAX_ARRAY_BYTES:
                raise ValueError(f"array too large ({arr.nbytes} bytes)")
            name = f"{self.exercise}.{self._n_arrays}.npy"
            self._n_arrays += 1
            # ascontiguousarray alone would turn a 0-d array into shape (1,)
            np.save(self.obs_dir / name, np.ascontiguousarray(arr).reshape(arr.shape), allow_pickle=False)
            self.values[key] = {"npy": name}
        else:
            self.values[key] = {"json": _plain(value)}

    def put_error(self, key: str, exc: BaseException) -> None:
        msg = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        if len(msg) > MAX_MESSAGE_CHARS:  # keep both ends: a wrapped error (callback) ends with its cause
            half = MAX_MESSAGE_CHARS // 2 - 3
            msg = f"{msg[:half]}\n…\n{msg[-half:]}"
        self.values[key] = {"error": {"type": type(exc).__name__, "message": msg}}

    def observe(self, key: str, fn: Callable[[], Any]) -> Any:
        """Run `fn`, record its result (or the exception it raised) under `key`; return the result or None."""
        try:
            result = fn()
        except Exception as exc:  # the student's code may raise anything; that is an observation
            self.put_error(key, exc)
            return None
        try:
            self.put(key, result)
        except Exception as exc:
            self.put_error(key, exc)
        return result

    def flush(self) -> None:
        path = self.obs_dir / f"{self.exercise}.json"
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps({"format": 1, "exercise": self.exercise, "values": self.values}))
        os.replace(tmp, path)
