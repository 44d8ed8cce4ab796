"""Parent side of the observation wire format (see autograder/sandboxed/observe.py).

Everything a child wrote is untrusted: files are opened without following links or blocking
and read up to a cap, JSON is parsed with `untrusted_json.loads` (plain data, bounded nesting),
array headers are checked against the file size and arrays loaded with allow_pickle=False, and
every getter checks the exact type, dtype and shape before a verdict uses a value.

This is the decoding layer of observation files and arrays: `untrusted_json.loads` hands on valid
text and int64-bounded integers; an entry it cannot decode (an unreadable array, a `{"float": ...}`
escape that is not "nan"/"inf"/"-inf") becomes a `StudentError` of that key, which a verdict's getter
turns into the student's `invalid_output`. Reading raises nothing else: `read_npy` raises only
`StudentInputError`, `read_observations` returns a value.
"""

from __future__ import annotations

import io
import json
import math
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from autograder import untrusted_json
from autograder.i18n import _
from autograder.student_input import StudentInputError
from autograder.untrusted_json import UnreadableFile, read_capped

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
            raise ObservationInvalid(key, _("没有得到这一项的观测结果(代码可能在此之前就中断了)"))
        value = self.values[key]
        if isinstance(value, StudentError):
            last = (value.message.splitlines() or [value.type])[-1]  # a forged entry may have no message
            raise ObservationInvalid(key, _("运行时出错:{value}").format(value=last[:300]))
        return value

    def error(self, key: str) -> StudentError | None:
        value = self.values.get(key)
        return value if isinstance(value, StudentError) else None

    def array(self, key: str, *, shape: tuple[int, ...] | None = None, kinds: str = "biuf",
              dtype: str | None = None) -> np.ndarray:
        value = self.raw(key)
        if not isinstance(value, np.ndarray):
            raise ObservationInvalid(
                key, _("返回值应是数组,实际是 {name__}").format(name__=type(value).__name__)
            )
        if value.dtype.kind not in kinds:
            raise ObservationInvalid(key, _("数组的 dtype 不对:{dtype}").format(dtype=value.dtype))
        if dtype is not None and value.dtype != np.dtype(dtype):
            raise ObservationInvalid(
                key, _("数组的 dtype 应为 {dtype},实际是 {dtype2}").format(dtype=dtype, dtype2=value.dtype)
            )
        if shape is not None and value.shape != tuple(shape):
            raise ObservationInvalid(
                key, _("形状应为 {tuple},实际是 {shape}").format(tuple=tuple(shape), shape=value.shape)
            )
        return value

    def integer(self, key: str) -> int:
        value = self.raw(key)
        if type(value) is not int:
            raise ObservationInvalid(key, _("应为整数,实际是 {name__}").format(name__=type(value).__name__))
        return value

    def number(self, key: str) -> float:
        value = self.raw(key)
        if type(value) not in (int, float):
            raise ObservationInvalid(key, _("应为数值,实际是 {name__}").format(name__=type(value).__name__))
        return float(value)

    def text(self, key: str, max_chars: int = 2_000_000) -> str:
        value = self.raw(key)
        if type(value) is not str:
            raise ObservationInvalid(key, _("应为字符串,实际是 {name__}").format(name__=type(value).__name__))
        return value[:max_chars]

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.raw(key)
        if type(value) is not dict:
            raise ObservationInvalid(key, _("应为字典,实际是 {name__}").format(name__=type(value).__name__))
        return value


_NON_FINITE = frozenset({"nan", "inf", "-inf"})  # what observe._plain escapes: float.__repr__ of them


def _decode_json_value(value: Any) -> Any:
    """A "json" entry: the wire's escape `{"float": "nan"|"inf"|"-inf"}` becomes that float; any other
    value shaped like the escape is malformed (a StudentError); everything else is the value."""
    if isinstance(value, dict) and set(value) == {"float"}:
        if isinstance(value["float"], str) and value["float"] in _NON_FINITE:
            return float(value["float"])
        return StudentError("MalformedOutput", _("观测结果中的数值编码无效"))
    return value


def read_npy(data: bytes) -> np.ndarray:
    """A numeric array from the bytes of a .npy file a child wrote; StudentInputError otherwise. The
    header is checked against the size before numpy allocates anything (a header may claim a
    terabyte-sized shape)."""
    try:
        buf = io.BytesIO(data)
        version = np.lib.format.read_magic(buf)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(buf)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(buf)
        else:
            raise ValueError(f"unsupported .npy version {version}")
        if dtype.kind not in "biufc" or dtype.hasobject or dtype.fields is not None:
            raise StudentInputError("not a numeric array", _("数组观测结果不是数值数组"))
        if buf.tell() + math.prod(shape) * dtype.itemsize != len(data):
            raise ValueError("the header does not match the file size")
        arr = np.load(io.BytesIO(data), allow_pickle=False)
    except StudentInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a crafted file makes numpy raise is the child's fault
        raise StudentInputError(f"unreadable .npy: {type(exc).__name__}", _("数组观测结果无法读取")) from None
    if not isinstance(arr, np.ndarray) or arr.dtype.kind not in "biufc" or arr.dtype.hasobject:
        raise StudentInputError("not a numeric array", _("数组观测结果不是数值数组"))
    return arr


def _load_npy(path: Path, size: int) -> np.ndarray | StudentError:
    """The array of a .npy file the child wrote, or why not (as the key's StudentError)."""
    try:
        capped = read_capped(path, size)
        data = capped.data
        if capped.truncated or len(data) != size:
            raise StudentInputError("the file changed while it was read", _("数组观测结果无法读取"))
        return read_npy(data)
    except StudentInputError as exc:
        return StudentError("MalformedOutput", exc.message_zh)


def read_observations(obs_dir: Path, exercise: str) -> Observations | None:
    """Read and validate one exercise's observations; None when the child wrote none."""
    try:
        capped = read_capped(obs_dir / f"{exercise}.json", MAX_JSON_BYTES)
    except UnreadableFile:  # missing, or a link / FIFO / folder planted by the child
        return None
    data = capped.data
    if capped.truncated:
        return Observations(
            exercise, {"__wire__": StudentError("OversizedOutput", _("观测结果超过 1 MB 上限"))}
        )
    try:
        doc = untrusted_json.loads(data)
    except ValueError:
        malformed = StudentError("MalformedOutput", _("观测结果不是合法的 JSON"))
        return Observations(exercise, {"__wire__": malformed})
    if not isinstance(doc, dict) or doc.get("format") != 1 or doc.get("exercise") != exercise \
            or not isinstance(doc.get("values"), dict):
        return Observations(exercise, {"__wire__": StudentError("MalformedOutput", _("观测结果的结构不对"))})
    values: dict[str, Any] = {}
    total = 0
    for key, entry in doc["values"].items():
        if not isinstance(entry, dict) or len(entry) != 1:
            continue
        kind, payload = next(iter(entry.items()))
        if kind == "json":
            values[key] = _decode_json_value(payload)
        elif kind == "error" and isinstance(payload, dict):
            values[key] = StudentError(_short_text(payload.get("type", "Error"), 100),
                                       _short_text(payload.get("message", ""), 2000))
        elif kind == "npy" and isinstance(payload, str) and "/" not in payload and payload.endswith(".npy"):
            npy = obs_dir / payload
            try:
                st = npy.lstat()
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            total += st.st_size
            if st.st_size > MAX_NPY_BYTES or total > MAX_TOTAL_BYTES:
                values[key] = StudentError("OversizedOutput", _("数组观测结果超过大小上限"))
                continue
            values[key] = _load_npy(npy, st.st_size)
    return Observations(exercise, values)


def _short_text(value: Any, limit: int) -> str:
    """A string field of an error entry (anything else: its JSON, cut; never a deep repr)."""
    if isinstance(value, str):
        return value[:limit]
    return json.dumps(value)[:limit]
