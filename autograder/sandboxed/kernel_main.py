"""Sandboxed kernel child: call a student's compiled FFI kernel with no student Python in the process.

Run as `python -P -s -m <package>.kernel_main <jobdir>` (same PYTHONPATH copy as child_main, where
this package has the child library's neutral name). <jobdir>/kernel_job.json, written by the parent:
  {"exercises": [{"id": str, "so": "prebuilt/<key>.so"}], "inputs_dir": "inputs", "obs_dir": "obs",
   "progress": "progress.jsonl"}
   and "token": str (optional), copied into every progress line; the file is deleted once read.
For each exercise it runs `probes.<id>_kernel.kernel_probe(so_path, inp, rec)` (after the module's
optional `prepare()`, called before "ready") and writes
`<obs_dir>/<id>.kernel.json` (the parent merges its keys with the prefix "kernel."). An exception
out of the probe is recorded as the error entry `__probe__`. Progress lines as in child_main
({"exercise": id, "phase": "probe"|"done", "t": s}); exit code 3 when the job itself is unusable.
Right after "ready", before the student's library is loaded, it writes "jaxgrade-ready <token>" to
stdout: a library constructor may empty or rewrite the progress file, not take that back.
The kernel probes live in modules of their own (`probes/<id>_kernel.py`) so that this process never
imports JAX: it calls the handlers through jaxlib's XLA client (xla_direct.py); `import jax` was
most of what this child cost.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

from .childjob import PACKAGE, Progress, job_path
from .inputs import load_inputs
from .netlock import forbid_new_connections
from .observe import Recorder
from .wire import JOB_LAYOUT, KERNEL_JOB, PROBE_ERROR_KEY, SETUP_ERROR_EXIT, ProgressPhase, ready_line


def main(argv: list[str]) -> int:
    jobdir = Path(argv[1]).resolve()
    job = json.loads((jobdir / KERNEL_JOB).read_text(encoding="utf-8"))
    token = str(job.get("token", ""))
    (jobdir / KERNEL_JOB).unlink(missing_ok=True)
    progress = Progress(job_path(jobdir, job.get("progress", JOB_LAYOUT["progress"])), token)
    obs_dir = job_path(jobdir, job.get("obs_dir", JOB_LAYOUT["obs_dir"]))
    inputs_dir = job_path(jobdir, job.get("inputs_dir", JOB_LAYOUT["inputs_dir"]))
    try:
        obs_dir.mkdir(parents=True, exist_ok=True)
        modules = [importlib.import_module(f"{PACKAGE}.probes.{e['id']}_kernel") for e in job["exercises"]]
        for module in modules:  # what the probe needs of the grader (an XLA client) starts here: its
            if hasattr(module, "prepare"):  # failure is the grader's, before any student library
                module.prepare()
        jobs = [(e["id"], job_path(jobdir, e["so"]), module.kernel_probe, load_inputs(inputs_dir, e["id"]))
                for e, module in zip(job["exercises"], modules, strict=True)]
        forbid_new_connections()  # before the student's library: no socket outside the job (netlock.py)
    except Exception as exc:
        progress.emit(None, ProgressPhase.SETUP_ERROR.value, error=f"{type(exc).__name__}: {exc}"[:4000])
        return SETUP_ERROR_EXIT
    progress.emit(None, ProgressPhase.READY.value)
    os.write(1, f"{ready_line(token)}\n".encode())  # a library constructor cannot take this back
    for ex_id, so_path, kernel_probe, inp in jobs:
        progress.emit(ex_id, ProgressPhase.PROBE.value)
        rec = Recorder(obs_dir, f"{ex_id}.kernel")
        try:
            kernel_probe(so_path, inp, rec)
        except BaseException as exc:  # the kernel may raise through ctypes/XLA; that is an observation
            rec.put_error(PROBE_ERROR_KEY, exc)
        rec.flush()
        progress.emit(ex_id, ProgressPhase.DONE.value)
    return 0


if __name__ == "__main__":
    code = main(sys.argv)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # every observation file is written: skip JAX's teardown (about 0.3 s of CPU per child)
