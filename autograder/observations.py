"""Parent side of the observation wire format (see autograder/sandboxed/observe.py).

Everything a child wrote is untrusted: sizes are capped before reading, JSON is parsed
with plain `json`, arrays are loaded with allow_pickle=False, and every getter checks
the exact type, dtype and shape before a verdict uses a value.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

MAX_JSON_BYTES = 1 * 2**20
MAX_NPY_BYTES = 16 * 2**20 + 4096
MAX_TOTAL_BYTES = 64 * 2**20


class ObservationInvalid(ValueError):
    """An observation is missing or not what the probe contract says; `message_zh` is for the student."""

    def __init__(self, key: str, message_zh: str):
        self.key = key
        self.message_zh = message_zh
        super().__init__(f"{key}: {message_zh}")


@dataclass(frozen=True)
class StudentError:
    """The student's code raised while a probe observed `key`."""

    type: str
    message: str


@dataclass(frozen=True)
class Observations:
    exercise: str
    values: dict[str, Any] = field(default_factory=dict)  # key -> plain JSON | np.ndarray | StudentError

    def has(self, key: str) -> bool:
        return key in self.values

    def raw(self, key: str) -> Any:
        if key not in self.values:
            raise ObservationInvalid(key, "没有得到这一项的观测结果(代码可能在此之前就中断了)")
        value = self.values[key]
        if isinstance(value, StudentError):
            raise ObservationInvalid(key, f"运行时出错:{value.message.splitlines()[-1][:300]}")
        return value

    def error(self, key: str) -> StudentError | None:
        value = self.values.get(key)
        return value if isinstance(value, StudentError) else None

    def array(self, key: str, *, shape: tuple[int, ...] | None = None, kinds: str = "biuf",
              dtype: str | None = None) -> np.ndarray:
        value = self.raw(key)
        if not isinstance(value, np.ndarray):
            raise ObservationInvalid(key, f"返回值应是数组,实际是 {type(value).__name__}")
        if value.dtype.kind not in kinds:
            raise ObservationInvalid(key, f"数组的 dtype 不对:{value.dtype}")
        if dtype is not None and value.dtype != np.dtype(dtype):
            raise ObservationInvalid(key, f"数组的 dtype 应为 {dtype},实际是 {value.dtype}")
        if shape is not None and value.shape != tuple(shape):
            raise ObservationInvalid(key, f"形状应为 {tuple(shape)},实际是 {value.shape}")
        return value

    def integer(self, key: str) -> int:
        value = self.raw(key)
        if type(value) is not int:
            raise ObservationInvalid(key, f"应为整数,实际是 {type(value).__name__}")
        return value

    def number(self, key: str) -> float:
        value = self.raw(key)
        if isinstance(value, dict) and set(value) == {"float"}:
            return float(value["float"])
        if type(value) not in (int, float):
            raise ObservationInvalid(key, f"应为数值,实际是 {type(value).__name__}")
        return float(value)

    def text(self, key: str, max_chars: int = 2_000_000) -> str:
        value = self.raw(key)
        if type(value) is not str:
            raise ObservationInvalid(key, f"应为字符串,实际是 {type(value).__name__}")
        return value[:max_chars]

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.raw(key)
        if type(value) is not dict:
            raise ObservationInvalid(key, f"应为字典,实际是 {type(value).__name__}")
        return value


def _decode_json_value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"float"} and isinstance(value["float"], str):
        f = float(value["float"])  # only nan/inf are encoded this way
        return f if not math.isfinite(f) else value
    return value


def read_observations(obs_dir: Path, exercise: str) -> Observations | None:
    """Read and validate one exercise's observations; None when the child wrote none."""
    path = obs_dir / f"{exercise}.json"
    if not path.is_file() or path.is_symlink():
        return None
    if path.stat().st_size > MAX_JSON_BYTES:
        return Observations(exercise, {"__wire__": StudentError("OversizedOutput", "观测结果超过 1 MB 上限")})
    try:
        doc = json.loads(path.read_bytes())
    except (ValueError, UnicodeDecodeError):
        malformed = StudentError("MalformedOutput", "观测结果不是合法的 JSON")
        return Observations(exercise, {"__wire__": malformed})
    if not isinstance(doc, dict) or doc.get("format") != 1 or doc.get("exercise") != exercise \
            or not isinstance(doc.get("values"), dict):
        return Observations(exercise, {"__wire__": StudentError("MalformedOutput", "观测结果的结构不对")})
    values: dict[str, Any] = {}
    total = 0
    for key, entry in doc["values"].items():
        if not isinstance(entry, dict) or len(entry) != 1:
            continue
        kind, payload = next(iter(entry.items()))
        if kind == "json":
            values[key] = _decode_json_value(payload)
        elif kind == "error" and isinstance(payload, dict):
            values[key] = StudentError(str(payload.get("type", "Error"))[:100],
                                       str(payload.get("message", ""))[:2000])
        elif kind == "npy" and isinstance(payload, str) and "/" not in payload and payload.endswith(".npy"):
            npy = obs_dir / payload
            if not npy.is_file() or npy.is_symlink():
                continue
            size = npy.stat().st_size
            total += size
            if size > MAX_NPY_BYTES or total > MAX_TOTAL_BYTES:
                values[key] = StudentError("OversizedOutput", "数组观测结果超过大小上限")
                continue
            try:
                arr = np.load(npy, allow_pickle=False)
            except (ValueError, OSError, EOFError):
                values[key] = StudentError("MalformedOutput", "数组观测结果无法读取")
                continue
            if not isinstance(arr, np.ndarray) or arr.dtype.kind not in "biufc" or arr.dtype.hasobject:
                values[key] = StudentError("MalformedOutput", "数组观测结果不是数值数组")
                continue
            values[key] = arr
    return Observations(exercise, values)
