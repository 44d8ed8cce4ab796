def fusion_report(f, *args):
    lo = jax.jit(f).lower(*args)
    co = lo.compile()
    n = count_fusions(co.as_text())
    b = co.cost_analysis()["bytes accessed"]
    return n, b
