"""Sandboxed kernel child: call a student's compiled FFI kernel with no student Python in the process.

Run as `python -P -s -m autograder.sandboxed.kernel_main <jobdir>` (same PYTHONPATH copy as
child_main). <jobdir>/kernel_job.json, written by the parent:
  {"exercises": [{"id": str, "so": "prebuilt/<key>.so"}], "inputs_dir": "inputs", "obs_dir": "obs",
   "progress": "progress.jsonl"}
   and "token": str (optional), copied into every progress line; the file is deleted once read.
For each exercise it runs `probes.<id>.kernel_probe(so_path, inp, rec)` and writes
`<obs_dir>/<id>.kernel.json` (the parent merges its keys with the prefix "kernel."). An exception
out of the probe is recorded as the error entry `__probe__`. Progress lines as in child_main
({"exercise": id, "phase": "probe"|"done", "t": s}); exit code 3 when the job itself is unusable.
Right after "ready", before the student's library is loaded, it writes "jaxgrade-ready <token>" to
stdout: a library constructor may empty or rewrite the progress file, not take that back.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

from .child_main import _PKG, READY_MARKER, Progress, _sub
from .inputs import load_inputs
from .observe import Recorder


def main(argv: list[str]) -> int:
    jobdir = Path(argv[1]).resolve()
    job = json.loads((jobdir / "kernel_job.json").read_text(encoding="utf-8"))
    token = str(job.get("token", ""))
    (jobdir / "kernel_job.json").unlink(missing_ok=True)
    progress = Progress(_sub(jobdir, job.get("progress", "progress.jsonl")), token)
    obs_dir = _sub(jobdir, job.get("obs_dir", "obs"))
    inputs_dir = _sub(jobdir, job.get("inputs_dir", "inputs"))
    try:
        obs_dir.mkdir(parents=True, exist_ok=True)
        jobs = [(e["id"], _sub(jobdir, e["so"]),
                 importlib.import_module(f"{_PKG}.probes.{e['id']}").kernel_probe,
                 load_inputs(inputs_dir, e["id"])) for e in job["exercises"]]
    except Exception as exc:
        progress.emit(None, "setup_error", error=f"{type(exc).__name__}: {exc}"[:4000])
        return 3
    progress.emit(None, "ready")
    os.write(1, f"{READY_MARKER} {token}\n".encode())  # a library constructor cannot take this back
    for ex_id, so_path, kernel_probe, inp in jobs:
        progress.emit(ex_id, "probe")
        rec = Recorder(obs_dir, f"{ex_id}.kernel")
        try:
            kernel_probe(so_path, inp, rec)
        except BaseException as exc:  # the kernel may raise through ctypes/XLA; that is an observation
            rec.put_error("__probe__", exc)
        rec.flush()
        progress.emit(ex_id, "done")
    return 0


if __name__ == "__main__":
    code = main(sys.argv)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # every observation file is written: skip JAX's teardown (about 0.3 s of CPU per child)
