"""The scratch folder of one sandboxed child run, as the trusted parent fills it.

Layout (the sandbox shows it at /sandbox/scratch):
  job.json | kernel_job.json   what to run (autograder/sandboxed/child_main.py, kernel_main.py)
  inputs/<id>.json + .npy      ProbeInputs of each exercise (docs/architecture.md, "Inputs")
  prebuilt/<build_key>.so      kernels built by the grader (JAXCOURSE_PREBUILT)
  work/                        the notebook's working folder (student extra files copied here)
  obs.sock                     the notebook child's observation stream (observation_stream.py listens;
                               the child connects and unlinks it before any student code runs)
  obs/                         observations the kernel child writes (files)
  progress.jsonl               progress lines written by the child (progress_reader.py follows them)
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

import numpy as np

from autograder.exercises.base import ProbeInputs
from autograder.sandboxed.wire import JOB_LAYOUT, KernelJob, NotebookJob


def write_inputs(inputs_dir: Path, exercise: str, inp: ProbeInputs) -> None:
    inputs_dir.mkdir(parents=True, exist_ok=True)
    arrays = {}
    for i, (name, arr) in enumerate(inp.arrays.items()):
        arr = np.asarray(arr)
        if arr.dtype.kind not in "biufc":
            raise TypeError(f"{exercise}: input array {name!r} has non-numeric dtype {arr.dtype}")
        file_name = f"{exercise}.{i}.npy"
        np.save(inputs_dir / file_name, arr, allow_pickle=False)
        arrays[name] = file_name
    doc = {"seed": inp.seed, "params": inp.params, "arrays": arrays}
    (inputs_dir / f"{exercise}.json").write_text(json.dumps(doc), encoding="utf-8")


def write_job(scratch: Path, name: str, doc: NotebookJob | KernelJob) -> None:
    (scratch / name).write_text(json.dumps({**JOB_LAYOUT, **doc}), encoding="utf-8")


def place_extra_files(workdir: Path, extra_files: dict[str, bytes]) -> None:
    """Copy the submission's extra files (already safe relative paths) into the notebook's folder."""
    for rel, data in extra_files.items():
        parts = PurePosixPath(rel).parts
        if not parts or PurePosixPath(rel).is_absolute() or ".." in parts:
            continue  # intake guarantees safe paths; refuse anything else quietly
        dest = workdir.joinpath(*parts)
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
