def fusion_report(f, *args):
    # compile once; the optimised HLO and the cost estimate come from the same executable
    c = jax.jit(f).lower(*args).compile()
    return count_fusions(c.as_text()), float(c.cost_analysis()['bytes accessed'])
