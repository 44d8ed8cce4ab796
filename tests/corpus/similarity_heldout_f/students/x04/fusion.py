def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    txt = exe.as_text()
    k = count_fusions(txt)
    b = exe.cost_analysis()['bytes accessed']
    return k, b
