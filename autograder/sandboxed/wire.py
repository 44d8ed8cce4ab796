"""What the grader (parent) and its sandboxed children say to each other: one module both import.

Stdlib only and no import from the rest of `autograder`: the child gets `autograder/sandboxed/` alone.
The parent writes a job file into the child's scratch folder (`NOTEBOOK_JOB` for child_main,
`KERNEL_JOB` for kernel_main; the child deletes it once read); the child answers with progress lines,
a ready line on its stdout, observations (frames on the stream, or files) and waits for ack files.
docs/architecture.md ("Child job (notebook)", "Observation wire format") describes the exchange.

The child binds every name it uses from here at import (`from .wire import ...`), before any student
code runs, and its tripwire watches this module like its own (child_main.py).
"""

from __future__ import annotations

import struct
from enum import StrEnum
from typing import NotRequired, TypedDict

# --- job files (parent -> child) -------------------------------------------------------------------

NOTEBOOK_JOB = "job.json"
KERNEL_JOB = "kernel_job.json"
# Relative paths inside scratch; the parent writes them into every job, the child falls back on them.
JOB_LAYOUT: dict[str, str] = {
    "inputs_dir": "inputs",
    "obs_dir": "obs",
    "progress": "progress.jsonl",
    "workdir": "work",
}
STREAM_NAME = "obs.sock"  # the notebook child's observation socket (the parent listens on it)


class ExerciseJob(TypedDict):
    """One exercise of a notebook job."""

    id: str
    cells: list[str]  # the student's answer cells
    relies_on: list[str]  # dotted names the tripwire snapshots before any student code runs


class NotebookJob(TypedDict):
    """`NOTEBOOK_JOB`: what child_main runs (keys of JOB_LAYOUT besides these)."""

    chapter: str  # "ch02" | "ch05"
    setup_cells: list[str]  # the release's setup cells
    exercises: list[ExerciseJob]
    token: NotRequired[str]  # copied into every progress line and the stream's hello frame
    ack: NotRequired[bool]  # wait for `ack_name(id)` after each exercise's done line
    reap: NotRequired[bool]  # kill every other process of the uid between exercises
    stream: NotRequired[str]  # STREAM_NAME; without it observations are files in obs_dir


class KernelExercise(TypedDict):
    id: str
    so: str  # the student's library, relative to scratch ("prebuilt/<key>.so")


class KernelJob(TypedDict):
    """`KERNEL_JOB`: what kernel_main runs (keys of JOB_LAYOUT besides these)."""

    exercises: list[KernelExercise]
    token: NotRequired[str]


# --- progress (child -> parent): one JSON line {"exercise", "phase", "t", "token"[, "error"]} -------


class ProgressPhase(StrEnum):
    SETUP = "setup"  # exercise null: the release's setup starts
    SETUP_ERROR = "setup_error"  # exercise null, with "error"; then exit code SETUP_ERROR_EXIT
    READY = "ready"  # exercise null: setup done, student code starts
    CELLS = "cells"  # the exercise's answer cells start
    PROBE = "probe"  # its probe starts
    DONE = "done"  # its last observation is written


SETUP_ERROR_EXIT = 3
READY_MARKER = "jaxgrade-ready"  # on stdout right after "ready": a notebook cannot take it back


def ready_line(token: str) -> str:
    """The line (without newline) a child writes to its stdout once setup is over."""
    return f"{READY_MARKER} {token}"


# --- ack files (parent -> child) -------------------------------------------------------------------

ACK_WAIT_S = 60.0  # how long a child waits for an ack before it goes on


def ack_name(exercise: str) -> str:
    """The file the parent creates in scratch once it has taken `exercise`'s observations."""
    return f"ack-{exercise}"


# --- observation stream frames (child -> parent; observe.py writes, observation_stream.py reads) --

FRAME_MAGIC = b"JGO1"
FRAME_PREFIX = struct.Struct(">4sII")  # magic, header length, payload length
FRAME_HELLO, FRAME_PUT, FRAME_END = "hello", "put", "end"

# --- observation keys both sides name ----------------------------------------------------------------

CELLS_KEY = "__cells__"  # the answer cells that raised
TAMPERED_KEY = "__tampered__"  # the tripwire's labels
TOKEN_KEY = "__token__"  # the run's token (observation files only)
PROBE_ERROR_KEY = "__probe__"  # the probe itself was interrupted
PROFILE_KEY = "__profile__"  # where the probe's time went (sandboxed/profiling.py); informational only
BEHAVIOUR_ENV = "JAXGRADE_BEHAVIOUR"  # "0" in the child's environment: no jaxpr tap (the cost measured)
BEHAVIOUR_KEY = "__behaviour__"  # the student's traced primitive sequences (sandboxed/behaviour.py); same
WIRE_KEY = "__wire__"  # parent-made: the observations could not be read (forged, oversized, ...)
KERNEL_PREFIX = "kernel."  # the kernel child's keys, as the parent merges them
KERNEL_RUN_KEY = "kernel.__run__"  # parent-made: how the kernel child ended

# --- element-wise op names in probe inputs -------------------------------------------------------
# The parent draws op chains from these names (exercises/fusion.py, exercises/histogram.py) without
# importing the probes, which import JAX; each probe maps every name to a JAX function and refuses
# to load if its table names other ops.

FUSION_UNARY_OPS = ("abs", "cos", "exp_neg", "scale", "shift", "sigmoid", "sin", "softsign", "square", "tanh")
HISTOGRAM_UNARY_OPS = ("abs", "clip0", "cos", "exp_neg_sq", "log1p_abs", "neg", "scale", "shift", "sigmoid",
                       "sin", "square", "tanh")  # fmt: skip
