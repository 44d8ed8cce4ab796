from collections import namedtuple

FusionReport = namedtuple("FusionReport", ["fusions", "bytes_accessed"])


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return tuple(FusionReport(count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]))
