# Correct, written differently: parse the optimised HLO line by line with a regex of its own,
# keep "bytes accessed" as an int.
import re

_FUSION_INSTR = re.compile(r"=\s*\S+\s+fusion\(")


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    n = sum(1 for line in compiled.as_text().splitlines() if _FUSION_INSTR.search(line))
    cost = compiled.cost_analysis()
    if isinstance(cost, list):  # older JAX returned a list with one dict per device
        cost = cost[0]
    return n, int(cost["bytes accessed"])
