"""Parent end of a notebook child's observation stream (trusted; every byte the child sends is not).

The child (autograder/sandboxed/observe.py) sends frames over the AF_UNIX socket <scratch>/obs.sock;
`ObservationStream` validates them, charges them to the exercise running and writes each exercise's
observations into the parent's own folder, which `read_child_observations` reads back.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import select
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from autograder import untrusted_json
from autograder.i18n import _
from autograder.messages import FORGED_OUTPUT_ZH, OVERSIZED_OUTPUT_ZH
from autograder.model import GraderFault
from autograder.observations import (
    MAX_JSON_BYTES,
    MAX_NPY_BYTES,
    MAX_TOTAL_BYTES,
    Observations,
    StudentError,
    read_observations,
)
from autograder.sandboxed.wire import (
    FRAME_END,
    FRAME_HELLO,
    FRAME_MAGIC,
    FRAME_PREFIX,
    FRAME_PUT,
    STREAM_NAME,
    TAMPERED_KEY,
    TOKEN_KEY,
    WIRE_KEY,
)
from autograder.student_input import StudentInputError

MAX_HEADER_BYTES = 4096
MAX_KEY_CHARS = 200
# What the frames sent while one exercise runs may cost (whatever they claim to be: that exercise's,
# another's, after its end frame): their bytes plus FRAME_COST_BYTES each, so many tiny frames count
# too. Beyond it the exercise ends as a flood (the runner kills the child).
MAX_STREAM_BYTES = MAX_TOTAL_BYTES + 4 * MAX_JSON_BYTES
FRAME_COST_BYTES = 512  # what one frame costs the parent besides its bytes (parsing, bookkeeping)
# JSON entries an exercise keeps (the last one per key): their sum must fit the 1 MB observation file
MAX_KEPT_JSON_BYTES = MAX_JSON_BYTES - 64 * 1024
ENTRY_OVERHEAD_BYTES = 64  # a kept entry's cost besides its key and payload
# an entry's payload sits 3 levels deep in the observation file (document, values, entry)
MAX_PAYLOAD_DEPTH = untrusted_json.MAX_DEPTH - 3
MAX_PUMP_BYTES = 8 * 2**20  # one pump() reads at most this much, so the runner's loop stays responsive
_NUMERIC_DTYPE = re.compile(r"[<>|=]?[biufc]\d{1,2}")
_PARENT_KEYS = frozenset({TAMPERED_KEY, TOKEN_KEY, WIRE_KEY})  # made by the parent, never sent


class ObservationStream:
    """Parent end of a notebook child's observation stream (frames: autograder/sandboxed/observe.py).

    Create it BEFORE the child starts: it listens on the AF_UNIX socket <scratch>/obs.sock, which the
    child connects to (and unlinks) before any student code runs; the first connection is the only
    one accepted. Data the child sent sits in this process's receive queue: student code cannot read
    it back, edit it or take it back, only add to it. `pump()` accepts and reads without blocking
    longer than its timeout; `take(exercise)` (after the child's "done" line and a `drain()`) checks
    the exercise's frames against its "end" frame and turns them into Observations.

    What a take reports besides the child's keys: `__tampered__` gets the tripwire's labels from the
    "end" frame plus "observation stream: <problem>" for frames out of sequence, after the end, for
    an unknown exercise, malformed, a count/SHA-256 that differs from what arrived, or no end frame.
    A connection whose "hello" lacks the run's token makes every exercise `__wire__` ForgedOutput.

    The parent's memory stays bounded whatever the child sends: every frame after the hello is
    charged to the exercise running (the first one not taken) at its size plus FRAME_COST_BYTES; past
    MAX_STREAM_BYTES the stream stops reading and `flooded` names that exercise (the runner then
    kills the child; a take of it is `__wire__` OversizedOutput). Problems are kept once each. JSON
    entries are kept as their validated bytes, at most MAX_KEPT_JSON_BYTES per exercise (beyond:
    OversizedOutput); arrays are checked (numeric dtype, shape, size) and saved with
    np.save(allow_pickle=False) into `dest`, a replaced one deleted.
    """

    def __init__(self, scratch: Path, exercises: tuple[str, ...], token: str, dest: Path):
        self.exercises = tuple(exercises)
        self.token = token
        self.dest = dest
        dest.mkdir(parents=True, exist_ok=True)
        self._dir_fd = os.open(scratch, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        self._listener: socket.socket | None = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._conn: socket.socket | None = None
        try:
            path = f"/proc/self/fd/{self._dir_fd}/{STREAM_NAME}"  # socket paths are short
            self._listener.bind(path)
            os.chmod(STREAM_NAME, 0o666, dir_fd=self._dir_fd, follow_symlinks=False)  # the child's uid
            self._listener.listen(1)
            self._listener.setblocking(False)
        except BaseException:
            self.close()
            raise
        self._buf = bytearray()
        self._seq = 0
        self._hello = False
        self._forged = False
        self._broken = ""  # framing lost: nothing after it can be attributed
        self._flooded: str | None = None  # the exercise whose frames cost more than MAX_STREAM_BYTES
        self._state = {ex: _StreamedExercise(hashlib.sha256()) for ex in self.exercises}
        self._taken: set[str] = set()
        self._last_end = -math.inf  # time.monotonic() of the last "end" frame accepted

    @property
    def connected(self) -> bool:
        return self._conn is not None

    def ended_within(self, seconds: float) -> bool:
        """An exercise's "end" frame arrived in the last `seconds`: its "done" progress line follows
        at once, and the child waits for the ack (the runner polls faster meanwhile). A forged end
        frame only buys that for the window, and each one is charged to the flood budget."""
        return time.monotonic() - self._last_end < seconds

    @property
    def flooded(self) -> str | None:
        """The exercise running when the child's frames exceeded MAX_STREAM_BYTES (nothing more is read)."""
        return self._flooded

    def _stop_listening(self) -> None:
        """No second connection: close the listener and remove its name (the child normally did)."""
        if self._listener is not None:
            self._listener.close()
            self._listener = None
            try:
                os.unlink(STREAM_NAME, dir_fd=self._dir_fd)
            except OSError:
                pass

    def close(self) -> None:
        self._stop_listening()
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._dir_fd >= 0:
            os.close(self._dir_fd)
            self._dir_fd = -1

    def __enter__(self) -> ObservationStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def pump(self, timeout: float = 0.0) -> None:
        """Accept the child's connection, then read what it sent; wait at most `timeout` seconds (the
        whole timeout when there is nothing to wait for any more)."""
        if self._conn is None:
            if self._listener is None:
                select.select([], [], [], timeout)  # the connection is over: just wait
                return
            if not select.select([self._listener], [], [], timeout)[0]:
                return
            try:
                conn, _unused = self._listener.accept()
            except OSError:
                return
            conn.setblocking(False)
            self._conn = conn
            self._stop_listening()
            timeout = 0.0
        if select.select([self._conn], [], [], timeout)[0]:
            self._read(MAX_PUMP_BYTES)

    def drain(self) -> None:
        """Read everything the child has sent so far (what it wrote before a "done" line is queued)."""
        self.pump(0.0)
        if self._conn is not None:
            self._read(MAX_STREAM_BYTES)

    def _read(self, budget: int) -> None:
        assert self._conn is not None
        while budget > 0:
            try:
                chunk = self._conn.recv(min(1 << 20, budget))
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                chunk = b""
            if not chunk:  # the child closed it (or died): nothing more will come
                self._conn.close()
                self._conn = None
                return
            budget -= len(chunk)
            self._feed(chunk)

    def _feed(self, chunk: bytes) -> None:
        if self._broken or self._flooded is not None:
            return
        self._buf += chunk
        while len(self._buf) >= FRAME_PREFIX.size:
            magic, hlen, plen = FRAME_PREFIX.unpack_from(self._buf)
            if magic != FRAME_MAGIC or hlen > MAX_HEADER_BYTES or plen > MAX_NPY_BYTES:
                self._break("malformed frame")
                return
            size = FRAME_PREFIX.size + hlen + plen
            if len(self._buf) < size:
                return
            frame = bytes(self._buf[:size])
            del self._buf[:size]
            if self._hello and not self._charge(len(frame)):
                return
            try:
                header = untrusted_json.loads(frame[FRAME_PREFIX.size:FRAME_PREFIX.size + hlen])
            except ValueError:
                header = None
            if not isinstance(header, dict):
                self._break("malformed frame")
                return
            self._frame(header, frame, frame[FRAME_PREFIX.size + hlen:])

    def _charge(self, size: int) -> bool:
        """Charge a frame to the exercise running; False (and stop reading) when that is a flood."""
        current = self._current_id()
        if current is None:  # every exercise taken: what the child still sends is dropped unread
            return True
        state = self._state[current]
        state.charged += size + FRAME_COST_BYTES
        if state.charged <= MAX_STREAM_BYTES:
            return True
        self._flooded = current
        self._buf = bytearray()
        return False

    def _break(self, problem: str) -> None:
        self._broken = problem
        self._buf = bytearray()
        for ex in self.exercises:
            if ex not in self._taken and self._state[ex].end is None:
                self._state[ex].problems[problem] = None

    def _current_id(self) -> str | None:
        """The exercise the child is at: the first one not taken yet (the child goes in order)."""
        return next((ex for ex in self.exercises if ex not in self._taken), None)

    def _current(self) -> _StreamedExercise | None:
        current = self._current_id()
        return None if current is None else self._state[current]

    def _frame(self, header: dict[str, Any], frame: bytes, payload: bytes) -> None:
        op, seq = header.get("op"), header.get("seq")
        if not self._hello:
            if op == FRAME_HELLO and seq == 0 and (not self.token or header.get("token") == self.token):
                self._hello, self._seq = True, 1
            else:
                self._forged = True
                self._break("no hello frame with the run's token")
            return
        in_order = type(seq) is int and seq == self._seq
        if type(seq) is int and seq >= self._seq:
            self._seq = seq + 1  # resynchronise: only the frames out of order count against an exercise
        ex = header.get("ex")
        state = self._state.get(ex) if isinstance(ex, str) and ex not in self._taken else None
        if state is None:
            current = self._current()
            if current is not None:
                current.problems["frame for another exercise"] = None
            return
        if not in_order:
            state.problems["frame out of sequence"] = None
        if state.end is not None:
            state.problems["frame after the end frame"] = None
            return
        if op == FRAME_END:
            state.end = header
            self._last_end = time.monotonic()
        elif op == FRAME_PUT:
            state.frames += 1
            state.digest.update(frame)
            if not state.oversized and not self._put(ex, state, header, payload):
                state.problems["malformed frame"] = None
        else:
            state.problems["unknown frame"] = None

    def _put(self, ex: str, state: _StreamedExercise, header: dict[str, Any], payload: bytes) -> bool:
        key, kind = header.get("key"), header.get("kind")
        if not isinstance(key, str) or len(key) > MAX_KEY_CHARS or key in _PARENT_KEYS:
            return False
        if kind in ("json", "error"):
            if len(payload) > MAX_KEPT_JSON_BYTES:  # could never fit the observation file
                state.oversized, state.values = True, {}
                return True
            try:
                value = untrusted_json.loads(payload, max_depth=MAX_PAYLOAD_DEPTH)
            except ValueError:
                return False
            if kind == "error" and not (isinstance(value, dict) and isinstance(value.get("type"), str)
                                        and isinstance(value.get("message"), str)):
                return False
            self._keep(state, key, kind, payload)
            return True
        if kind != "npy":
            return False
        try:
            array = decode_array(header.get("dtype"), header.get("shape"), payload)
        except StudentInputError:
            return False
        name = f"{ex}.{state.arrays}.npy"
        state.arrays += 1
        np.save(self.dest / name, array, allow_pickle=False)
        self._keep(state, key, "npy", json.dumps(name).encode())
        return True

    def _keep(self, state: _StreamedExercise, key: str, kind: str, payload: bytes) -> None:
        """The key's entry is now (kind, payload JSON); the one it replaces is forgotten (its array
        file deleted). Over MAX_KEPT_JSON_BYTES the exercise is oversized and keeps nothing."""
        key_bytes = len(json.dumps(key))  # as the observation file will hold it (escapes included)
        old = state.values.pop(key, None)
        if old is not None:
            state.kept_bytes -= key_bytes + len(old[1]) + ENTRY_OVERHEAD_BYTES
            if old[0] == "npy":
                (self.dest / json.loads(old[1])).unlink(missing_ok=True)
        state.kept_bytes += key_bytes + len(payload) + ENTRY_OVERHEAD_BYTES
        if state.kept_bytes > MAX_KEPT_JSON_BYTES:
            state.oversized = True
            state.values = {}
            return
        state.values[key] = (kind, payload)

    def take(self, exercise: str) -> Observations:
        """The exercise's observations, once its "done" line was seen and the stream drained."""
        state = self._state[exercise]
        self._taken.add(exercise)
        if self._forged:
            return Observations(exercise, {WIRE_KEY: StudentError("ForgedOutput", _(FORGED_OUTPUT_ZH))})
        if not self._hello:
            raise GraderFault(f"{exercise}: the child's observation stream never said hello")
        if state.oversized:
            return Observations(exercise, {WIRE_KEY: StudentError("OversizedOutput", _(OVERSIZED_OUTPUT_ZH))})
        if exercise == self._flooded:
            return Observations(exercise, {WIRE_KEY: StudentError("OversizedOutput", _(OVERSIZED_OUTPUT_ZH))})
        problems = list(state.problems)
        tampered: list[str] = []
        if state.end is None:
            problems.append("no end frame")
        else:
            raw = state.end.get("tampered")
            tampered = [_label(t) for t in raw[:50]] if isinstance(raw, list) else ["tampered"]
            if state.end.get("frames") != state.frames or state.end.get("sha256") != state.digest.hexdigest():
                problems.append("frames the grader did not write")
        tampered += [f"observation stream: {p}" for p in dict.fromkeys(problems)]
        # the document is assembled from the entries' validated JSON bytes (never re-encoded)
        entries = [json.dumps(key).encode() + b':{"' + kind.encode() + b'":' + payload + b"}"
                   for key, (kind, payload) in state.values.items()]
        entries += [json.dumps(TAMPERED_KEY).encode() + b':{"json":' + json.dumps(tampered).encode() + b"}",
                    json.dumps(TOKEN_KEY).encode() + b':{"json":' + json.dumps(self.token).encode() + b"}"]
        head = b'{"format":1,"exercise":' + json.dumps(exercise).encode() + b',"values":{'
        (self.dest / f"{exercise}.json").write_bytes(head + b",".join(entries) + b"}}")
        state.values = {}
        return read_child_observations(self.dest, exercise, self.token)


def decode_array(dtype: Any, shape: Any, payload: bytes) -> np.ndarray:
    """The array an "npy" put frame carries (its header's `dtype` and `shape`, C-order payload);
    StudentInputError unless the dtype is numeric and understood by numpy, the shape a list of at
    most 32 sizes, and the payload exactly that many bytes."""
    if not isinstance(dtype, str) or not _NUMERIC_DTYPE.fullmatch(dtype) or not isinstance(shape, list) \
            or len(shape) > 32 or not all(type(n) is int and 0 <= n <= 2**40 for n in shape):
        raise StudentInputError("array frame: bad dtype or shape", _("数组观测结果的类型或形状无效"))
    try:
        dt = np.dtype(dtype)  # the pattern admits names numpy does not know ("f3", "i16")
    except TypeError:
        raise StudentInputError(
            f"array frame: unknown dtype {dtype!r}", _("数组观测结果的类型无效")
        ) from None
    if dt.kind not in "biufc" or dt.hasobject or math.prod(shape) * dt.itemsize != len(payload):
        raise StudentInputError("array frame: size mismatch", _("数组观测结果与其形状不符"))
    try:
        return np.frombuffer(payload, dtype=dt).reshape(shape)
    except ValueError:  # numpy's own limits on a shape (e.g. more elements than an index can hold)
        raise StudentInputError("array frame: shape numpy refuses", _("数组观测结果与其形状不符")) from None


def _label(value: Any) -> str:
    """A tripwire label from the end frame (a string; anything else shown as its JSON, cut)."""
    return (value if isinstance(value, str) else json.dumps(value))[:200]


@dataclass
class _StreamedExercise:
    digest: Any  # hashlib sha256 of the put frames, in order
    # key -> (kind "json" | "error" | "npy", the entry's JSON as received or the array file's name)
    values: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    frames: int = 0
    charged: int = 0  # bytes of the frames sent while this exercise ran, plus FRAME_COST_BYTES each
    kept_bytes: int = 0  # what `values` holds, counted like MAX_KEPT_JSON_BYTES
    arrays: int = 0
    end: dict[str, Any] | None = None
    oversized: bool = False
    problems: dict[str, None] = field(default_factory=dict)  # each problem once, in order


def read_child_observations(obs_dir: Path, exercise: str, token: str) -> Observations:
    """An exercise's observations as files in `obs_dir` (written by `ObservationStream.take`, or by a
    child without a stream); files without the run's token are forged."""
    obs = read_observations(obs_dir, exercise)
    if obs is None:
        return Observations(exercise, {})
    values = dict(obs.values)
    if WIRE_KEY not in values and token and values.pop(TOKEN_KEY, None) != token:
        values = {WIRE_KEY: StudentError("ForgedOutput", _(FORGED_OUTPUT_ZH))}
    values.pop(TOKEN_KEY, None)
    return Observations(exercise, values)
