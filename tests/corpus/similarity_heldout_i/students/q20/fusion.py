def fusion_report(f, *args) -> tuple[int, float]:
    compiled = jax.jit(f).lower(*args).compile()
    hlo: str = compiled.as_text()
    cost: dict = compiled.cost_analysis()
    return count_fusions(hlo), float(cost["bytes accessed"])
