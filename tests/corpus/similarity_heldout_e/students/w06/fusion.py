def fusion_report(f, *args):
    # fusions only exist after compile(), so count in the optimised module
    c = jax.jit(f).lower(*args).compile()
    n = count_fusions(c.as_text())
    return n, c.cost_analysis()['bytes accessed']
