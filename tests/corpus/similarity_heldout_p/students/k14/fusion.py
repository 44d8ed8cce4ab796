import operator

_bytes = operator.itemgetter("bytes accessed")


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    return count_fusions(exe.as_text()), _bytes(exe.cost_analysis())
