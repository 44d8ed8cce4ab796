def fusion_report(f, *args):
    # 同一个编译结果既给 HLO 文本也给 cost
    compiled = jax.jit(f).lower(*args).compile()
    k = count_fusions(compiled.as_text())
    info = compiled.cost_analysis()
    return k, info['bytes accessed']
