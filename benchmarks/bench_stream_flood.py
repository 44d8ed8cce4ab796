"""Peak memory of the grader while a child floods its observation stream.

    .venv/bin/python benchmarks/bench_stream_flood.py [--mb 200] [--scenario NAME ...]

Each scenario runs in a fresh Python process (the grader side: a real ObservationStream on an
AF_UNIX socket) fed by a second process that writes `--mb` megabytes of frames as a child's
student code could: put frames with distinct keys for the running exercise, put frames for an
exercise that does not exist, put frames after the exercise's end frame, or empty frames. Printed
per scenario: the grader's peak RSS (`ru_maxrss`) before and after, the frames the grader read
before it stopped, whether it called the stream a flood, and the time. Numbers only, no verdict.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = ("distinct-keys", "other-exercise", "after-end", "empty-frames")


def frame(header: dict, payload: bytes = b"") -> bytes:
    head = json.dumps(header).encode()
    return struct.pack(">4sII", b"JGO1", len(head), len(payload)) + head + payload


def block(scenario: str, start: int) -> bytes:
    """About 1 MB of frames of one scenario."""
    out, i = [], start
    size = 0
    while size < 2**20:
        if scenario == "distinct-keys":
            f = frame(
                {"op": "put", "ex": "histogram", "key": f"key-{i:09d}", "kind": "json", "seq": 1 + i},
                b'{"a": [1, 2, 3]}',
            )
        elif scenario == "other-exercise":
            f = frame({"op": "put", "ex": "nope", "key": "k", "kind": "json", "seq": 1 + i}, b"0")
        elif scenario == "after-end":
            f = frame({"op": "put", "ex": "histogram", "key": "k", "kind": "json", "seq": 2 + i}, b"0")
        else:
            f = frame({})
        out.append(f)
        size += len(f)
        i += 1
    return b"".join(out)


def sender(scratch: str, scenario: str, mb: int) -> None:
    fd = os.open(scratch, os.O_RDONLY | os.O_DIRECTORY)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(f"/proc/self/fd/{fd}/obs.sock")
    sock.settimeout(10)
    sock.sendall(frame({"op": "hello", "seq": 0, "token": "tok"}))
    if scenario == "after-end":
        sock.sendall(
            frame({"op": "end", "ex": "histogram", "seq": 1, "frames": 0, "sha256": "", "tampered": []})
        )
    sent = 0
    try:
        while sent < mb * 2**20:
            data = block(scenario, sent)
            sock.sendall(data)
            sent += len(data)
    except OSError:  # the grader stopped reading (a flood)
        pass
    sock.close()


def grader(scenario: str, mb: int) -> dict:
    from autograder.grade.observation_stream import ObservationStream

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp) / "scratch"
        scratch.mkdir()
        obs = ObservationStream(scratch, ("histogram", "recompile"), "tok", Path(tmp) / "collected")
        child = subprocess.Popen([sys.executable, __file__, "--send", str(scratch), scenario, str(mb)])
        t0 = time.monotonic()
        while child.poll() is None and getattr(obs, "flooded", None) is None:
            obs.pump(0.02)
        obs.drain()
        seconds = time.monotonic() - t0
        flooded = getattr(obs, "flooded", None)
        state = obs._state["histogram"]
        frames = state.frames
        obs.close()
        child.wait(30)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "scenario": scenario,
        "sent_mb": mb,
        "rss_before_mib": round(before / 1024, 1),
        "rss_peak_mib": round(after / 1024, 1),
        "put_frames_counted": frames,
        "flooded": flooded,
        "seconds": round(seconds, 2),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--mb", type=int, default=200, help="megabytes each flood writes at most")
    p.add_argument("--scenario", action="append", choices=SCENARIOS)
    p.add_argument("--send", nargs=3, help=argparse.SUPPRESS)
    p.add_argument("--grade", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.send:
        sender(args.send[0], args.send[1], int(args.send[2]))
        return 0
    if args.grade:
        print(json.dumps(grader(args.grade, args.mb)))
        return 0
    for scenario in args.scenario or SCENARIOS:
        env = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", str(REPO))}
        done = subprocess.run(
            [sys.executable, __file__, "--grade", scenario, "--mb", str(args.mb)],
            capture_output=True,
            text=True,
            env=env,
            timeout=1200,
        )
        if done.returncode != 0:
            print(f"{scenario}: failed: {done.stderr.strip()[-500:]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"{r['scenario']:>15}: sent <= {r['sent_mb']} MB, grader peak RSS {r['rss_before_mib']} -> "
            f"{r['rss_peak_mib']} MiB, flooded={r['flooded']}, put frames counted {r['put_frames_counted']}, "
            f"{r['seconds']} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
