def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    cost = compiled.cost_analysis()
    if isinstance(cost, list):
        cost = cost[0]
    return count_fusions(compiled.as_text()), cost["bytes accessed"]
