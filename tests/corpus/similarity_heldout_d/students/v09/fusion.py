def fusion_report(f, *args) -> tuple[int, float]:
    lowered = jax.jit(f).lower(*args)
    optimized = lowered.compile()
    n: int = count_fusions(optimized.as_text())
    b: float = optimized.cost_analysis()["bytes accessed"]
    return n, b
