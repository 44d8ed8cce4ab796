"""CPU cost of the child's jaxpr tap (sandboxed/behaviour.py) per trace (not a test).

    .venv/bin/python benchmarks/bench_jaxpr_tap.py [--traces 300]

bench_grading.py --behaviour-cost times whole submissions with and without the tap, but on a busy
machine their spread (seconds) hides it. This measures the tap where it works: process CPU time of
`jax.make_jaxpr` on answer-cell code, alternating runs without the tap and with it collecting, for a
small function and for one whose Python loop unrolls into 400 equations: "fresh" wraps the answer in
a new function each time (a real trace, like a probe's first call of a jitted answer), "cached"
traces the same function again (JAX's trace cache answers; the tap must not walk it again). It
prints milliseconds per trace and the ratio.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SMALL = """
def answer(x):
    y = jnp.maximum(x, 0.0)
    return jnp.where(y > 1.0, 1.0, jnp.sin(y) * 0.5 + y)
"""
LARGE = """
def answer(x):
    y = x
    for _ in range(100):
        y = jnp.tanh(y) * 0.5 + y - jnp.exp(-y)
    return y
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--traces", type=int, default=300)
    args = ap.parse_args()
    import jax
    import jax.numpy as jnp
    import numpy as np

    from autograder.sandboxed.behaviour import JaxprTap

    x = np.linspace(-1, 1, 64, dtype=np.float32)
    fns = {}
    for label, src in (("small", SMALL), ("400 equations", LARGE)):
        ns: dict = {"jnp": jnp}
        exec(compile(src, "<ipython-input-1-bench>", "exec"), ns)  # an answer cell's file name
        fns[label] = ns["answer"]
    tap = JaxprTap()
    times: dict[tuple[str, bool, bool], float] = {}
    for fn in fns.values():
        jax.make_jaxpr(fn)(x)  # warm JAX's own caches once
    tap.install()  # the wrapper stays installed; "without" is the tap not collecting (no _take)
    def call(fn, fresh: bool) -> None:
        jax.make_jaxpr((lambda v: fn(v)) if fresh else fn)(x)

    for _ in range(3):  # alternating rounds: the machine's other load hits both alike
        for label, fn in fns.items():
            for fresh in (True, False):
                for collecting in (False, True):
                    if collecting:
                        tap.start()
                    t0 = time.process_time()
                    for _ in range(args.traces // 3):
                        call(fn, fresh)
                    times[label, fresh, collecting] = times.get((label, fresh, collecting), 0.0) + \
                        time.process_time() - t0
                    if collecting:
                        assert tap.finish()["jaxprs"], "the tap collected nothing"
    n = 3 * (args.traces // 3)
    for label in fns:
        for fresh in (True, False):
            off, on = times[label, fresh, False] / n * 1e3, times[label, fresh, True] / n * 1e3
            print(f"{label:14s} {'fresh' if fresh else 'cached':6s} trace {off:7.3f} ms without the tap, "
                  f"{on:7.3f} ms with it: {on - off:+.3f} ms per trace ({on / off:.3f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
