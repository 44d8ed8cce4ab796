def fusion_report(f, *args):
    # optimised HLO, not the lowered StableHLO
    ex = jax.jit(f).lower(*args).compile()
    ca = ex.cost_analysis()
    return count_fusions(ex.as_text()), ca["bytes accessed"]
