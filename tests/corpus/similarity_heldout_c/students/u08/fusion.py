def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    cost = compiled.cost_analysis()
    # older versions return a list of dicts
    if isinstance(cost, list):
        cost = cost[0]
    return int(count_fusions(compiled.as_text())), float(cost['bytes accessed'])
