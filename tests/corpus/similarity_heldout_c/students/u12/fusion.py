def fusion_report(f, *args):
    # 必须 compile 之后才有融合
    comp = jax.jit(f).lower(*args).compile()
    n = count_fusions(comp.as_text())
    return n, comp.cost_analysis()["bytes accessed"]
