def fusion_report(f, *args) -> tuple[int, float]:
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    已编译 = jax.jit(f).trace(*args).lower().compile()  # trace -> lower -> compile
    统计 = 已编译.cost_analysis()
    return count_fusions(已编译.as_text()), 统计["bytes accessed"]
