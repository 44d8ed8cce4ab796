def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    # 只编译一次,后面两个量都从同一个 compiled 对象里取
    compiled_function = jax.jit(f).lower(*args).compile()
    optimized_hlo_text = compiled_function.as_text()
    number_of_fusions = count_fusions(optimized_hlo_text)
    # cost_analysis 返回字典
    bytes_accessed = compiled_function.cost_analysis()["bytes accessed"]
    return number_of_fusions, bytes_accessed
