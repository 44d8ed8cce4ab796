def fusion_report(f, *args):
    """Number of fusions in the optimised HLO, and XLA's bytes accessed."""
    lowered = jax.jit(f).lower(*args)
    compiled = lowered.compile()
    n = count_fusions(compiled.as_text())
    return n, compiled.cost_analysis()["bytes accessed"]
