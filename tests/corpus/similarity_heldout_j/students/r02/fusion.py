def fusion_report(f, *args):
    # 优化后的 HLO 用 compiled_hlo 取;cost_analysis 要从编译产物拿
    n = count_fusions(compiled_hlo(f, *args))
    c = jax.jit(f).lower(*args).compile().cost_analysis()
    return n, c['bytes accessed']
