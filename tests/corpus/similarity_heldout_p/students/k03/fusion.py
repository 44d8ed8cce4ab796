def fusion_report(f, *args) -> tuple[int, float]:
    compiled = jax.jit(f).lower(*args).compile()
    costs = compiled.cost_analysis()
    if isinstance(costs, list):
        costs = costs[0]
    n_fusions: int = count_fusions(compiled.as_text())
    return n_fusions, float(costs["bytes accessed"])
