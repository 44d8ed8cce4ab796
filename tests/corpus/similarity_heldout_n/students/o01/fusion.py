def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    n = count_fusions(exe.as_text())
    b = exe.cost_analysis()["bytes accessed"]
    return n, b
