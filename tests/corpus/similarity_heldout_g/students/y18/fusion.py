def fusion_report(f, *args) -> tuple[int, float]:
    n: int = count_fusions(compiled_hlo(f, *args))
    cost: dict = jax.jit(f).lower(*args).compile().cost_analysis()
    return n, cost["bytes accessed"]
