def fusion_report(f, *args):
    # compile, then count fusions and read bytes
    c = jax.jit(f).lower(*args).compile()
    hlo, ca = c.as_text(), c.cost_analysis()
    return count_fusions(hlo), ca["bytes accessed"]
