def fusion_report(f, *args):
    comp = jax.jit(f).lower(*args).compile()
    cost = comp.cost_analysis()
    # older versions return a list of dicts
    if isinstance(cost, list):
        cost = cost[0]
    return int(count_fusions(comp.as_text())), float(cost["bytes accessed"])
