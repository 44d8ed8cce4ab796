"""Child side of the observation wire format (parent side: autograder/observations.py, and for the
notebook child's stream autograder/grade/observation_stream.py `ObservationStream`).

A probe records named observations with a `Recorder`. Each is one entry, exactly one of
  {"json": <null | bool | int | float | str | list | dict of these>}
  {"npy": "<exercise>.<n>.npy"}               a numeric array (np.save format, allow_pickle=False)
  {"error": {"type": str, "message": str}}   the observed call raised
Floats that JSON cannot carry (nan, inf) are written as {"json": {"float": "nan"}}; arrays keep them.
A later record of a key replaces the earlier one (probes may also copy an entry: `rec.values[b] =
rec.values[a]`).

Two sinks:
- files (kernel child, tests): `flush()` writes `<obs_dir>/<exercise>.json` =
  {"format": 1, "exercise": id, "values": {key: entry}} next to the `<exercise>.<n>.npy` files.
- stream (notebook child, `Recorder(..., sink=StreamSink(...))`): each record leaves the process the
  moment it is made, as one frame on a socket the child connected to the parent before any student
  code ran. Nothing collects in memory waiting for a flush, so student code that runs later in the
  probe cannot edit what was already recorded.

Frames (names in wire.py): 12 bytes `>4sII` (b"JGO1", header length, payload length), the header
(ASCII JSON), the payload.
  {"op": "hello", "seq": 0, "token": str}                                once; payload empty
  {"op": "put", "seq": n, "ex": id, "key": str, "kind": "json"}          payload: JSON of the value
  {"op": "put", "seq": n, "ex": id, "key": str, "kind": "error"}         payload: JSON {"type", "message"}
  {"op": "put", "seq": n, "ex": id, "key": str, "kind": "npy", "dtype": "<f4", "shape": [int]}
                                                                          payload: the C-order array bytes
  {"op": "end", "seq": n, "ex": id, "frames": int, "sha256": hex, "tampered": [str]}   payload empty
`seq` numbers the frames of a connection from 0. Before a put frame is written its bytes are handed to
the audit event "jaxgrade.sent"; the child's tripwire (tamper.py) hashes them, and the "end" frame
carries the count and SHA-256 of the exercise's put frames, which the parent recomputes from what it
received (injected, dropped or altered frames do not match).

Nothing here is looked up after import. The functions the writer needs (os.write, os.fstat, os.open,
os.replace, numpy.asarray, numpy.save, the C JSON encoder, sys.audit, the builtins it calls) are bound
at import, which the child does before any student code runs, so replacing pathlib.Path.write_text,
json.dumps, builtins.open, numpy.save or a builtin later changes nothing this module writes. That
protects against replaced library functions only: student code shares the process (see tamper.py).
"""

from __future__ import annotations

import _json
import math
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .wire import FRAME_END, FRAME_HELLO, FRAME_MAGIC, FRAME_PREFIX, FRAME_PUT

MAX_MESSAGE_CHARS = 2000
MAX_ARRAY_BYTES = 16 * 2**20

# --- bound at import (before any student code) ----------------------------------------------------
_type, _isinstance, _len, _str, _hasattr, _id = type, isinstance, len, str, hasattr, id
_bool, _int, _float, _list, _tuple, _dict, _bytes = bool, int, float, list, tuple, dict, bytes
_memoryview, _enumerate = memoryview, enumerate
_TypeError, _ValueError, _OSError, _Exception = TypeError, ValueError, OSError, Exception
_str_str = str.__str__  # an exact str copy of a str subclass instance (C, cannot be replaced)
_str_encode = str.encode
_str_join = str.join
_dict_setitem = dict.__setitem__
_isfinite = math.isfinite
_float_repr = float.__repr__
_os_write, _os_open, _os_close, _os_fstat, _os_replace = os.write, os.open, os.close, os.fstat, os.replace
_os_fspath, _path_join = os.fspath, os.path.join
_asarray, _ascontiguousarray, _np_save = np.asarray, np.ascontiguousarray, np.save
_audit = sys.audit
_pack = FRAME_PREFIX.pack
_format_exception_only = traceback.format_exception_only


def _no_default(obj: Any) -> Any:
    raise _TypeError(f"not plain data: {_type(obj).__name__}")


# The C encoder of the json module, made once: later changes to json / json.encoder do not reach it.
_c_encode = _json.make_encoder(None, _no_default, _json.encode_basestring_ascii, None, ":", ",",
                               False, False, False)


def _dumps(value: Any) -> str:
    """Compact ASCII JSON of plain data (as `_plain` returns it)."""
    return _str_join("", _c_encode(value, 0))


def dumps(value: Any) -> str:
    """Compact ASCII JSON of plain data (anything `_plain` accepts), with the encoder bound at import."""
    return _dumps(_plain(value))


def _exact_str(value: Any) -> str:
    return value if _type(value) is _str else _str_str(_str(value))


def _plain(value: Any, depth: int = 0) -> Any:
    """Convert to JSON-able plain data, refusing anything exotic (objects become their type name)."""
    if depth > 20:
        raise _ValueError("nesting too deep")
    kind = _type(value)
    if value is None or kind is _bool or kind is _int:
        return value
    if kind is _str:
        return value
    if kind is _float:
        return value if _isfinite(value) else {"float": _float_repr(value)}
    if _isinstance(value, (_list, _tuple)):
        return [_plain(v, depth + 1) for v in value]
    if _isinstance(value, _dict):
        return {_exact_str(k): _plain(v, depth + 1) for k, v in value.items()}
    raise _TypeError(f"not plain data: {kind.__name__}")


class StreamBroken(Exception):
    """The stream's descriptor no longer is the socket connected at start (closed or replaced)."""


class StreamSink:
    """Writes frames to the parent's socket (`fd`, connected before any student code ran)."""

    def __init__(self, fd: int, token: str):
        st = _os_fstat(fd)
        self._fd = fd
        self._ident = (st.st_dev, st.st_ino)
        self._seq = 0
        self._send({"op": FRAME_HELLO, "seq": 0, "token": _exact_str(token)}, b"", announce=False)

    def _send(self, header: dict[str, Any], payload: bytes, announce: bool = True) -> None:
        header["seq"] = self._seq
        self._seq += 1
        head = _str_encode(_dumps(header), "ascii")
        frame = _pack(FRAME_MAGIC, _len(head), _len(payload)) + head + payload
        if announce:
            _audit("jaxgrade.sent", frame)  # the tripwire hashes what the parent must receive
        st = _os_fstat(self._fd)
        if (st.st_dev, st.st_ino) != self._ident:
            raise StreamBroken("the observation stream's descriptor was replaced")
        view = _memoryview(frame)
        while _len(view):
            view = view[_os_write(self._fd, view):]

    def put(self, exercise: str, key: str, kind: str, value: Any, array: np.ndarray | None = None) -> None:
        header: dict[str, Any] = {"op": FRAME_PUT, "ex": exercise, "key": key, "kind": kind}
        if array is not None:
            header["dtype"] = array.dtype.str
            header["shape"] = [_int(n) for n in array.shape]
            payload = array.tobytes()
        else:
            payload = _str_encode(_dumps(value), "ascii")
        self._send(header, payload)

    def end(self, exercise: str, frames: int, sha256: str, tampered: list[str]) -> None:
        self._send({"op": FRAME_END, "ex": exercise, "frames": frames, "sha256": sha256,
                    "tampered": [_exact_str(t) for t in tampered]}, b"", announce=False)


class _Values(dict):
    """The entries recorded so far, by key. Assigning an entry (a probe copying one key's entry to
    another) records it like `put` does."""

    def __init__(self, recorder: Recorder):
        _dict.__init__(self)
        self._recorder = recorder

    def __setitem__(self, key: str, entry: Any) -> None:
        self._recorder._set_entry(key, entry)


class Recorder:
    """Records one exercise's observations: into files (`flush()`), or frame by frame into `sink`."""

    def __init__(self, obs_dir: Path, exercise: str, sink: StreamSink | None = None,
                 on_record: Callable[[str], None] | None = None):
        self.obs_dir = Path(obs_dir)
        self.exercise = _exact_str(exercise)
        self.values: _Values = _Values(self)
        self._sink = sink
        self._dir = _os_fspath(self.obs_dir)
        self._n_arrays = 0
        self._arrays: dict[str, np.ndarray] = {}  # npy name -> array (an entry copy sends it again)
        self._on_record = on_record  # told each recorded key (the child's profiler cuts the probe there)

    def _record(self, key: Any, kind: str, value: Any, array: np.ndarray | None = None) -> None:
        key = _exact_str(key)
        if kind == "npy":
            assert array is not None
            name = f"{self.exercise}.{self._n_arrays}.npy"
            self._n_arrays += 1
            if self._sink is not None:
                self._arrays[name] = array
                self._sink.put(self.exercise, key, "npy", None, array)
            else:
                _np_save(_path_join(self._dir, name), array, allow_pickle=False)
            entry: dict[str, Any] = {"npy": name}
        else:
            if self._sink is not None:
                self._sink.put(self.exercise, key, kind, value)
            entry = {kind: value}
        _dict_setitem(self.values, key, entry)
        if self._on_record is not None:
            try:
                self._on_record(key)
            except _Exception:
                pass  # the profile is informational: its failure never costs a record

    def _set_entry(self, key: Any, entry: Any) -> None:
        if _type(entry) is not _dict or _len(entry) != 1:
            raise _ValueError("an observation entry is a dict with one of 'json', 'npy', 'error'")
        ((kind, value),) = _dict.items(entry)
        if kind == "json":
            self._record(key, "json", _plain(value))
        elif kind == "error" and _type(value) is _dict:
            self._record(key, "error", {"type": _exact_str(value.get("type", "Error"))[:100],
                                        "message": _exact_str(value.get("message", ""))[:MAX_MESSAGE_CHARS]})
        elif kind == "npy" and _type(value) is _str and (self._sink is None or value in self._arrays):
            if self._sink is None:
                _dict_setitem(self.values, _exact_str(key), {"npy": value})
            else:
                self._record(key, "npy", None, self._arrays[value])
        else:
            raise _ValueError(f"not an observation entry: {kind!r}")

    def put(self, key: str, value: Any) -> None:
        """Record a value: numpy/jax arrays become arrays (.npy), everything else plain JSON."""
        if _hasattr(value, "__array__") and not _isinstance(value, (_bool, _int, _float, _str)):
            arr = _asarray(value)
            if arr.dtype.kind not in "biufc":
                raise _TypeError(f"array of dtype {arr.dtype} is not numeric")
            if arr.nbytes > MAX_ARRAY_BYTES:
                raise _ValueError(f"array too large ({arr.nbytes} bytes)")
            # ascontiguousarray alone would turn a 0-d array into shape (1,)
            self._record(key, "npy", None, _ascontiguousarray(arr).reshape(arr.shape))
        else:
            self._record(key, "json", _plain(value))

    def put_error(self, key: str, exc: BaseException) -> None:
        try:
            msg = _str_join("", _format_exception_only(_type(exc), exc)).strip()
        except _Exception:  # a student exception's __str__ may raise too
            msg = "<unprintable>"
        msg = _exact_str(msg)
        if _len(msg) > MAX_MESSAGE_CHARS:  # keep both ends: a wrapped error (callback) ends with its cause
            half = MAX_MESSAGE_CHARS // 2 - 3
            msg = f"{msg[:half]}\n…\n{msg[-half:]}"
        self._record(key, "error", {"type": _exact_str(_type(exc).__name__), "message": msg})

    def observe(self, key: str, fn: Callable[[], Any]) -> Any:
        """Run `fn`, record its result (or the exception it raised) under `key`; return the result or None."""
        try:
            result = fn()
        except _Exception as exc:  # the student's code may raise anything; that is an observation
            self.put_error(key, exc)
            return None
        try:
            self.put(key, result)
        except _Exception as exc:
            self.put_error(key, exc)
        return result

    def flush(self) -> None:
        """Files only: write `<exercise>.json` atomically (a stream sends as it goes)."""
        if self._sink is not None:
            return
        path = _path_join(self._dir, f"{self.exercise}.json")
        tmp = path + ".tmp"
        data = _str_encode(_dumps({"format": 1, "exercise": self.exercise,
                                   "values": _dict(_dict.items(self.values))}), "ascii")
        fd = _os_open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
        try:
            view = _memoryview(data)
            while _len(view):
                view = view[_os_write(fd, view):]
        finally:
            _os_close(fd)
        _os_replace(tmp, path)
