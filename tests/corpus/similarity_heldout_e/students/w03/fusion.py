def fusion_report(f, *args):
    p = jax.jit(f).lower(*args).compile()
    n = count_fusions(p.as_text())
    cp = p.cost_analysis()
    b = cp['bytes accessed']
    return n, b
