def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    # 只编译一次,HLO 文本和代价分析都从同一个 compiled 对象取
    compiled_function = jax.jit(f).trace(*args).lower().compile()
    optimized_text = compiled_function.as_text()
    analysis = compiled_function.cost_analysis()
    return count_fusions(optimized_text), analysis["bytes accessed"]
