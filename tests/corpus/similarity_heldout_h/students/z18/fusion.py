def fusion_report(f, *args) -> tuple:
    lowered = jax.jit(f).lower(*args)
    n: int = count_fusions(lowered.as_text())
    return n, lowered.compile().cost_analysis()["bytes accessed"]
