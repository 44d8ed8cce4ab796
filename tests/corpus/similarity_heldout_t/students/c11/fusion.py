import functools


@functools.singledispatch
def _bytes(cost):
    return cost["bytes accessed"]


@_bytes.register
def _(cost: list):
    return _bytes(cost[0])


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(compiled.as_text()), _bytes(compiled.cost_analysis())
