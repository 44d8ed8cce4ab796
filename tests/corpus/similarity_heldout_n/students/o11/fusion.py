def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    n = count_fusions(compiled_hlo(f, *args))
    b = exe.cost_analysis()["bytes accessed"]
    return n, b
