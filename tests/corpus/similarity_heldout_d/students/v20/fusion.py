def fusion_report(f, *args) -> tuple[int, float]:
    """Fusions in the optimised HLO and the bytes the compiled program touches."""
    compiled = jax.jit(f).lower(*args).compile()
    # as_text() of a Compiled object is the HLO after XLA's passes, where fusion happened
    return count_fusions(compiled.as_text()), float(compiled.cost_analysis()["bytes accessed"])
