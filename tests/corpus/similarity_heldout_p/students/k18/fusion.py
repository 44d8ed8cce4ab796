from collections import namedtuple

FusionReport = namedtuple("FusionReport", ["fusions", "bytes_accessed"])


def _compile(f, args):
    return jax.jit(f).lower(*args).compile()


def _report(compiled):
    return FusionReport(count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"])


def fusion_report(f, *args):
    return tuple(_report(_compile(f, args)))
