"""What the parent parses from a child is refused or ignored, never a grader fault: deeply nested JSON
on every channel (progress lines, observation frames and files, the container status file), planted
FIFOs, symlinks and huge files, crafted .npy headers, floods of observation frames.

Fast: the parent's readers against files and a real AF_UNIX socket written by hand (no sandbox).
"""

from __future__ import annotations

import json
import os
import random
import socket
import struct
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from autograder import untrusted_json
from autograder.grade.observation_stream import (
    FRAME_COST_BYTES,
    MAX_KEPT_JSON_BYTES,
    MAX_STREAM_BYTES,
    ObservationStream,
)
from autograder.grade.progress_reader import ProgressReader
from autograder.observations import ObservationInvalid, read_observations
from autograder.sandbox.container import STATUS_CAP, read_status_events
from autograder.untrusted_json import CappedRead, UnreadableFile, nesting_depth, read_capped

DEEP = b"[" * 50_000 + b"]" * 50_000  # json.loads raises RecursionError on this


def _bounded(fn: Callable[[], Any], seconds: float = 30.0) -> Any:
    """Run fn in a thread: a reader that blocks (a FIFO) fails the test instead of hanging it."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the reader blocked"
    if "error" in box:
        raise box["error"]
    return box["value"]


# --- the shared JSON helper ----------------------------------------------------------------------


def test_deep_json_is_refused_as_malformed_not_a_recursion_error():
    with pytest.raises(RecursionError):
        json.loads(DEEP)  # why the helper exists
    for data in (DEEP, b'{"a": ' + DEEP + b"}", b"[" * 200_000):
        with pytest.raises(ValueError, match="nested deeper"):
            untrusted_json.loads(data)
    ok = b"[" * untrusted_json.MAX_DEPTH + b"]" * untrusted_json.MAX_DEPTH
    assert nesting_depth(ok) == untrusted_json.MAX_DEPTH
    assert untrusted_json.loads(ok) is not None
    with pytest.raises(ValueError):
        untrusted_json.loads(b"[" + ok + b"]")


def test_brackets_inside_strings_do_not_count_and_escapes_are_followed():
    text = json.dumps({"hlo": "f32[4]{0} " + "[{" * 500, "q": 'say "[[[" \\\\', "n": [[[1]]]})
    assert nesting_depth(text.encode()) == 4
    assert untrusted_json.loads(text)["n"] == [[[1]]]
    assert nesting_depth(b'"\\"[[[["') == 0  # an escaped quote does not end the string
    assert nesting_depth(b'"\\\\"[[[') == 3  # an escaped backslash does


def test_nesting_depth_is_exact_for_random_documents(monkeypatch):
    monkeypatch.setattr(untrusted_json, "_CHUNK", 7)  # state carried across many chunk borders
    rng = random.Random(7)
    chars = '[]{}"\\ a'

    def gen(depth: int) -> Any:
        if depth == 0 or rng.random() < 0.3:
            return "".join(rng.choice(chars) for _ in range(rng.randint(0, 6)))
        if rng.random() < 0.5:
            return [gen(depth - 1) for _ in range(rng.randint(0, 3))]
        return {gen(0): gen(depth - 1) for _ in range(rng.randint(0, 3))}

    def depth_of(v: Any) -> int:
        children = v if isinstance(v, list) else list(v.values()) if isinstance(v, dict) else None
        return 0 if children is None else 1 + max((depth_of(c) for c in children), default=0)

    for _ in range(2000):
        doc = gen(9)
        assert nesting_depth(json.dumps(doc).encode()) == depth_of(doc)


def test_read_capped_never_blocks_follows_links_or_reads_past_the_cap(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFile, match="not a regular file"):
        _bounded(lambda: read_capped(fifo, 100))
    secret = tmp_path / "host-file"
    secret.write_text("host secret")
    (tmp_path / "link").symlink_to(secret)
    with pytest.raises(UnreadableFile):
        read_capped(tmp_path / "link", 100)
    with pytest.raises(UnreadableFile):
        read_capped(tmp_path, 100)
    with pytest.raises(UnreadableFile):
        read_capped(tmp_path / "missing", 100)
    (tmp_path / "big").write_bytes(b"x" * 5000)
    assert read_capped(tmp_path / "big", 1000) == CappedRead(b"x" * 1000, truncated=True)
    assert read_capped(tmp_path / "big", 5000) == CappedRead(b"x" * 5000, truncated=False)


# --- container mode: the status file the program's uid can write ---------------------------------


def test_container_status_file_replaced_by_a_fifo_a_link_or_junk_counts_as_no_status(tmp_path):
    status = tmp_path / "status"
    started = json.dumps({"event": "started", "pid": 7}).encode()
    os.mkfifo(status)
    assert _bounded(lambda: read_status_events(status)) == []  # open() of a FIFO would block
    status.unlink()
    host = tmp_path / "host-status"
    host.write_bytes(started + b"\n")  # a host file that looks like a status: never opened
    status.symlink_to(host)
    assert read_status_events(status) == []
    status.unlink()
    deep_line = b"[" * 30_000 + b"]" * 30_000  # RecursionError for json.loads, within the cap
    status.write_bytes(b"\n".join([deep_line, b"[1, 2]", b'{"event": 5}', b"\xff\xfe", started]) + b"\n")
    assert read_status_events(status) == [{"event": "started", "pid": 7}]
    status.write_bytes(b" " * STATUS_CAP + b"\n" + started + b"\n")  # past the cap: not read
    assert read_status_events(status) == []
    status.write_bytes(started + b"\n" + b"x" * (50 * 2**20))
    assert read_status_events(status) == [{"event": "started", "pid": 7}]


# --- observation files (the kernel child's, and the parent's copy of a stream) -------------------


def _npy(header: str, body: bytes = b"\0" * 64) -> bytes:
    raw = header.encode("latin1")
    raw += b" " * ((64 - (10 + len(raw) + 1) % 64) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(raw)) + raw + body


def _obs_file(obs: Path, values: dict[str, Any] | bytes, name: str = "ex") -> None:
    doc = (
        values
        if isinstance(values, bytes)
        else json.dumps({"format": 1, "exercise": name, "values": values}).encode()
    )
    (obs / f"{name}.json").write_bytes(doc)


def test_observation_files_with_deep_json_or_crafted_arrays_are_malformed_not_faults(tmp_path):
    obs = tmp_path / "obs"
    obs.mkdir()
    _obs_file(obs, b'{"format": 1, "exercise": "ex", "values": {"k": {"json": ' + DEEP + b"}}}")
    assert read_observations(obs, "ex").error("__wire__").type == "MalformedOutput"
    huge = "{'descr': '|u1', 'fortran_order': False, 'shape': (1099511627776,), }"  # 1 TiB claimed
    nested = "{'descr': '|u1', 'fortran_order': False, 'shape': " + "(" * 3000 + ")" * 3000 + ", }"
    structured = "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (16,), }"
    (obs / "huge.npy").write_bytes(_npy(huge))
    (obs / "nested.npy").write_bytes(_npy(nested))
    (obs / "structured.npy").write_bytes(_npy(structured))
    np.save(obs / "good.npy", np.arange(4, dtype=np.float32))
    os.mkfifo(obs / "fifo.npy")
    (obs / "link.npy").symlink_to(obs / "good.npy")
    _obs_file(
        obs,
        {name: {"npy": f"{name}.npy"} for name in ("huge", "nested", "structured", "good", "fifo", "link")}
        | {"err": {"error": {"type": [[["x"]]], "message": {"deep": [1]}}}},
    )
    got = _bounded(lambda: read_observations(obs, "ex"))
    assert {k: got.error(k).type for k in ("huge", "nested", "structured")} == dict.fromkeys(
        ("huge", "nested", "structured"), "MalformedOutput"
    )
    assert np.array_equal(got.array("good"), np.arange(4, dtype=np.float32))
    assert not got.has("fifo") and not got.has("link")  # not regular files: never opened
    assert got.error("err").type == '[[["x"]]]'


def test_observation_file_replaced_by_a_fifo_or_a_link_is_no_observation(tmp_path):
    obs = tmp_path / "obs"
    obs.mkdir()
    os.mkfifo(obs / "ex.json")
    assert _bounded(lambda: read_observations(obs, "ex")) is None
    (obs / "ex.json").unlink()
    (tmp_path / "host.json").write_text(json.dumps({"format": 1, "exercise": "ex", "values": {}}))
    (obs / "ex.json").symlink_to(tmp_path / "host.json")
    assert read_observations(obs, "ex") is None


# --- progress lines --------------------------------------------------------------------------------


def test_progress_lines_that_are_deep_or_of_the_wrong_type_are_ignored(tmp_path):
    path = tmp_path / "progress.jsonl"
    with ProgressReader(path, ("histogram",), "tok") as reader:
        lines = [
            b'{"phase": "ready", "token": "tok", "deep": ' + DEEP + b"}",
            b'{"phase": ["ready"], "token": "tok"}',
            b'{"phase": "cells", "exercise": ["x"], "token": "tok"}',
            b'{"phase": "cells", "exercise": {"a": 1}, "token": "tok"}',
            b'{"phase": "ready", "token": "tok", "error": ' + b"[" * 60 + b"]" * 60 + b"}",
            b'{"phase": "cells", "exercise": "histogram", "token": "tok"}',
        ]
        with open(path, "ab") as f:
            f.write(b"\n".join(lines) + b"\n")
        events = reader.read_new()
    assert [(e.exercise, e.phase) for e in events] == [(None, "ready"), ("histogram", "cells")]


# --- the observation stream ------------------------------------------------------------------------


def frame(header: dict[str, Any], payload: bytes = b"") -> bytes:
    head = json.dumps(header).encode()
    return struct.pack(">4sII", b"JGO1", len(head), len(payload)) + head + payload


class Client:
    def __init__(self, scratch: Path, token: str = "tok"):
        fd = os.open(scratch, os.O_RDONLY | os.O_DIRECTORY)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.sock.connect(f"/proc/self/fd/{fd}/obs.sock")
        finally:
            os.close(fd)
        self.sock.sendall(frame({"op": "hello", "seq": 0, "token": token}))

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)


@pytest.fixture
def stream(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    obs = ObservationStream(scratch, ("histogram", "recompile"), "tok", tmp_path / "collected")
    client = Client(scratch)
    yield obs, client, tmp_path / "collected"
    client.sock.close()
    obs.close()


def _pump_while(obs: ObservationStream, client: Client, send: Callable[[], None]) -> None:
    """Send from a thread while the parent pumps (a flood fills the socket buffer)."""
    sender = threading.Thread(target=lambda: _ignore_broken_pipe(send), daemon=True)
    sender.start()
    while sender.is_alive() and obs.flooded is None:
        obs.pump(0.01)
    obs.drain()
    if sender.is_alive():  # the parent stopped reading a flood: the sender's send() blocks until this
        client.sock.shutdown(socket.SHUT_RDWR)
    sender.join(30)
    assert not sender.is_alive()


def _ignore_broken_pipe(send: Callable[[], None]) -> None:
    try:
        send()
    except OSError:  # the parent stopped reading
        pass


def test_deep_json_in_a_frame_is_a_malformed_frame(stream):
    obs, client, _ = stream
    client.send(frame({"op": "put", "ex": "histogram", "key": "deep", "kind": "json", "seq": 1}, DEEP))
    client.send(
        frame(
            {"op": "put", "ex": "histogram", "key": "e", "kind": "error", "seq": 2},
            b'{"type": "X", "message": ' + DEEP + b"}",
        )
    )
    client.send(
        frame(
            {"op": "end", "ex": "histogram", "seq": 3, "frames": 2, "sha256": "", "tampered": [[[["label"]]]]}
        )
    )
    obs.drain()
    got = obs.take("histogram")
    assert "observation stream: malformed frame" in got.raw("__tampered__")
    assert '[[["label"]]]' in got.raw("__tampered__")
    assert not got.has("deep") and not got.has("e")


@pytest.mark.parametrize("kind", ["another exercise", "after the end frame", "tiny frames"])
def test_a_flood_of_frames_ends_the_running_exercise(stream, kind):
    obs, client, dest = stream
    if kind == "after the end frame":
        client.send(
            frame({"op": "end", "ex": "histogram", "seq": 1, "frames": 0, "sha256": "", "tampered": []})
        )
    one = {
        "another exercise": frame({"op": "put", "ex": "nope", "key": "k", "kind": "json", "seq": 1}, b"0"),
        "after the end frame": frame(
            {"op": "put", "ex": "histogram", "key": "k", "kind": "json", "seq": 2}, b"0"
        ),
        "tiny frames": frame({}),
    }[kind]
    count = MAX_STREAM_BYTES // (len(one) + FRAME_COST_BYTES) + 10
    block = one * 10_000
    _pump_while(obs, client, lambda: [client.send(block) for _ in range(count // 10_000 + 1)])
    assert obs.flooded == "histogram"
    assert obs.take("histogram").error("__wire__").type == "OversizedOutput"
    assert [p.name for p in dest.iterdir()] == []  # nothing kept of the flood


def test_many_small_entries_are_kept_only_up_to_the_observation_file_size(stream):
    obs, client, _ = stream
    frames = [
        frame({"op": "put", "ex": "histogram", "key": f"k{i}", "kind": "json", "seq": 1 + i}, b"[]")
        for i in range(MAX_KEPT_JSON_BYTES // 64 + 10)
    ]
    _pump_while(obs, client, lambda: client.send(b"".join(frames)))
    assert obs.flooded is None  # within the stream budget, but more than one observation file holds
    assert obs._state["histogram"].values == {}
    assert obs.take("histogram").error("__wire__").type == "OversizedOutput"


def test_a_replaced_array_entry_leaves_one_file(stream):
    obs, client, dest = stream
    arr = np.arange(4, dtype=np.float32)
    for seq in (1, 2, 3):
        client.send(
            frame(
                {
                    "op": "put",
                    "ex": "histogram",
                    "key": "y",
                    "kind": "npy",
                    "seq": seq,
                    "dtype": arr.dtype.str,
                    "shape": [4],
                },
                (arr * seq).tobytes(),
            )
        )
    obs.drain()
    got = obs.take("histogram")
    assert np.array_equal(got.array("y"), arr * 3)
    assert sorted(p.name for p in dest.glob("*.npy")) == ["histogram.2.npy"]


def test_an_error_entry_without_a_message_is_an_invalid_observation_not_an_index_error(tmp_path):
    """The kernel child's files (and raw frames) can carry {"error": {"type": "X", "message": ""}}:
    every getter turns it into ObservationInvalid, which verdicts handle."""
    obs = tmp_path / "obs"
    obs.mkdir()
    _obs_file(obs, {"k": {"error": {"type": "Forged", "message": ""}}})
    got = read_observations(obs, "ex")
    with pytest.raises(ObservationInvalid, match="Forged"):
        got.array("k")


def test_an_end_frame_opens_the_short_ack_window_once_per_exercise(stream):
    """The runner polls faster for a moment after an exercise's "end" frame (its "done" line and the
    wait for the ack follow at once); a second end frame for the same exercise does not reopen it."""
    obs, client, _ = stream
    client.send(frame({"op": "put", "ex": "histogram", "key": "k", "kind": "json", "seq": 1}, b"1"))
    obs.drain()
    assert not obs.ended_within(3600)  # put frames do not open it
    client.send(frame({"op": "end", "ex": "histogram", "seq": 2, "frames": 1, "sha256": "", "tampered": []}))
    obs.drain()
    assert obs.ended_within(3600) and not obs.ended_within(0)
    opened = obs._last_end
    client.send(frame({"op": "end", "ex": "histogram", "seq": 3, "frames": 1, "sha256": "", "tampered": []}))
    obs.drain()
    assert obs._last_end == opened  # a repeated end frame is "after the end frame", not a new window
