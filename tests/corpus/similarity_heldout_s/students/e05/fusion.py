from typing import NamedTuple


class Report(NamedTuple):
    fusions: int
    bytes_accessed: float


def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    exe = lowered.compile()
    report = Report(fusions=count_fusions(exe.as_text()), bytes_accessed=exe.cost_analysis()["bytes accessed"])
    return tuple(report)
