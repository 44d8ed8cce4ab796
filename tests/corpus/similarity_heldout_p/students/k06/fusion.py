def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    exe = lowered.compile()
    text = exe.as_text()
    ca = exe.cost_analysis()
    n = count_fusions(text)
    b = ca["bytes accessed"]
    return n, b
