def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()  # compile once
    n = count_fusions(c.as_text())  # fused kernels
    b = c.cost_analysis()["bytes accessed"]  # memory traffic
    return n, b
