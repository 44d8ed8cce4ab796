def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    可执行 = jax.jit(f).lower(*args).compile()
    return count_fusions(可执行.as_text()), 可执行.cost_analysis()['bytes accessed']
