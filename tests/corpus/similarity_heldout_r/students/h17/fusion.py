import itertools


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    costs = compiled.cost_analysis()
    first = next(itertools.chain([costs] if isinstance(costs, dict) else costs))
    return count_fusions(compiled.as_text()), first["bytes accessed"]
