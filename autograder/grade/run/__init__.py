"""Grade one student's submission: build kernels, run sandboxed children, judge in the parent.

One module per job: settings.py (RunSettings, the seed), job.py (one submission's job: uid pool,
scratch folders, limits, starting a child), notebook_child.py, kernel_child.py, build_step.py (course
and student kernels), judge.py (verdicts and scores), chapter.py (one chapter, in order: cells,
inputs, build, children, judging) and submission.py (`grade_submission`: every chapter).

Trusted parent side. `grade_submission(sub, release, settings)` per chapter present:
  cells    map the student's notebook onto setup (release copy) + answer cells (cells.py)
  build    course kernels and the student's kernel, compiled in the sandbox, cached (build.py)
  child#n  one sandboxed child runs the setup, then per exercise the answer cells and the probe
           (autograder/sandboxed/child_main.py); the parent follows progress.jsonl and enforces
           each exercise's `timeout_s`. On a timeout, crash or limit it kills the sandbox, marks that
           exercise and starts a fresh child (fresh scratch) for the exercises not yet done.
  kernel   exercises with `kernel_probe` also get a child that loads the student's .so with no
           student Python in the process (kernel_main.py); bwrap mode runs it next to child#1.
  verdict  each exercise's `verdict(inputs, observations)` in this process, `score_outcomes`,
           points scaled to the release manifest.
Each step is a `Phase`. Sandbox failures, a failing release setup cell or a verdict bug raise
`GraderFault` (never a student's zero). No process survives a job; its scratch folder is deleted.

Observations get these parent-made keys besides the child's (observations.py reader):
  kernel.<key>     the kernel child's keys (`<id>.kernel.json`), for exercises with kernel_probe
  kernel.__run__   str: "ok", "not_built" (no source / compile error), "timeout", "crashed",
                   "memory"; always present for exercises with kernel_probe
  __tampered__     the notebook child's tripwire labels (from the stream's "end" frame) plus
                   "observation stream: <problem>" found by the parent (observation_stream.py)
"""

from autograder.grade.run.chapter import release_notebook
from autograder.grade.run.settings import RunSettings, exercise_seed
from autograder.grade.run.submission import grade_submission

__all__ = ["RunSettings", "exercise_seed", "grade_submission", "release_notebook"]
