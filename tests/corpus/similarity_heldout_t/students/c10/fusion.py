import operator

_as_text = operator.methodcaller("as_text")
_costs = operator.methodcaller("cost_analysis")
_bytes = operator.itemgetter("bytes accessed")


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    text = _as_text(exe)
    if "HloModule" not in text:
        raise AssertionError("应当是优化后的 HLO")
    stats = _costs(exe)
    if "bytes accessed" not in stats:
        raise AssertionError
    return count_fusions(text), _bytes(stats)
