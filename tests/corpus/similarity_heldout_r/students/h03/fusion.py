def fusion_report(f, *args) -> tuple[int, float]:
    lowered = jax.jit(f).trace(*args).lower()
    compiled = lowered.compile()
    cost: dict = compiled.cost_analysis()
    n_fusions: int = count_fusions(compiled.as_text())
    return n_fusions, float(cost["bytes accessed"])
