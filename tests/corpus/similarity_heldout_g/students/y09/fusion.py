# ✍️ 作答区:练习 3
def fusion_report(f, *args) -> tuple[int, float]:
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    # 注意:lower() 之后的 StableHLO 还没有融合,必须 compile()
    compiled_program = jax.jit(f).lower(*args).compile()
    optimized_text = compiled_program.as_text()
    fusion_kernel_count = count_fusions(optimized_text)
    # cost_analysis 返回一个字典,取其中的 "bytes accessed"
    bytes_accessed_estimate = compiled_program.cost_analysis()["bytes accessed"]
    return fusion_kernel_count, bytes_accessed_estimate
