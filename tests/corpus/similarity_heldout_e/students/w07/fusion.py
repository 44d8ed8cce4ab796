def fusion_report(f, *args) -> tuple[int, float]:
    lowered = jax.jit(f).trace(*args).lower()
    compiled = lowered.compile()
    costs = compiled.cost_analysis()
    return int(count_fusions(compiled.as_text())), float(costs["bytes accessed"])
