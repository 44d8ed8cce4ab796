def fusion_report(f, *args):
    """Return (fusion kernels in the optimised HLO, estimated bytes accessed)."""
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
