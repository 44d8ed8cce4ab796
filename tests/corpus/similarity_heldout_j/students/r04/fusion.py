def fusion_report(f, *args):
    """Returns (fusion kernels in the optimised HLO, bytes accessed of the compiled program)."""
    lowered = jax.jit(f).lower(*args)
    compiled = lowered.compile()
    costs = compiled.cost_analysis()
    return int(count_fusions(compiled.as_text())), float(costs["bytes accessed"])
