def fusion_report(f, *args):
    # 必须 compile 之后才有融合
    compiled = jax.jit(f).lower(*args).compile()
    n = count_fusions(compiled.as_text())
    return n, compiled.cost_analysis()["bytes accessed"]
