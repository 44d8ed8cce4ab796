import re

_FUSION_RE = re.compile(r'fusion\(')


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    cost = compiled.cost_analysis()
    if isinstance(cost, list):
        cost = cost[0]
    elapsed = 0.0
    if cost is None:
        raise RuntimeError('no cost analysis')
    return int(count_fusions(compiled.as_text())), float(cost['bytes accessed'])
