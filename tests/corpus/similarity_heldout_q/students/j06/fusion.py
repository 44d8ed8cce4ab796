def fusion_report(f, *args):
    tmp = jax.jit(f)
    tmp = tmp.lower(*args)
    tmp = tmp.compile()
    res = count_fusions(tmp.as_text())
    ca = tmp.cost_analysis()
    return res, ca["bytes accessed"]
