def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    n = count_fusions(compiled.as_text())
    cost = compiled.cost_analysis()
    return n, cost.get('bytes accessed', 0.0)
