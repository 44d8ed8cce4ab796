from typing import NamedTuple


class FusionReport(NamedTuple):
    fusions: int
    bytes_accessed: float


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    cost = exe.cost_analysis()
    return FusionReport(count_fusions(exe.as_text()), cost["bytes accessed"])
