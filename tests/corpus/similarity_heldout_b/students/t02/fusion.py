def fusion_report(f, *args):
    low = jax.jit(f).lower(*args)
    exe = low.compile()
    ca = exe.cost_analysis()
    txt = exe.as_text()
    nf = count_fusions(txt)
    return int(nf), float(ca["bytes accessed"])
