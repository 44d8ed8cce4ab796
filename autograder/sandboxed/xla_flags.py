"""The XLA flags every sandboxed child runs with (data only: the trusted parent puts them in the
child's environment, grade/run/job.py `Job.child_env`).

`--xla_backend_optimization_level=0` sets the optimisation level of XLA:CPU's LLVM code generation
only. The HLO pipeline (algebraic simplification, fusion, layout, buffer assignment) runs as
before, so `Compiled.as_text()` and `cost_analysis()` are unchanged, and those are what the checks
read (fusion counts and bytes accessed: identical on all 9 cases of 40 `fusion` structures with and
without the flag, docs/performance.md). What changes is the machine code of each fused kernel: less
inlined and vectorised, which does not matter for the probes' arrays of a few hundred elements,
while LLVM's optimisation of every one of a submission's ~110 small programs is most of its XLA
compile time. Results stay within rounding of the optimised code (the checks' tolerances are
orders of magnitude wider).

This file sits in the child package on purpose: the trusted compile cache's folder name digests
this package (grade/compile_cache.py), and XLA flags are part of every cache key, so a change here
names a new cache folder instead of leaving an old one that is never hit.
"""

CHILD_XLA_FLAGS = "--xla_backend_optimization_level=0"
