# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    # 先 jit,再 lower 成 StableHLO,再 compile 得到优化后的可执行文件
    lowered = jax.jit(f).lower(*args)
    compiled = lowered.compile()
    # 优化后的 HLO 文本里才有 fusion 指令
    hlo_text = compiled.as_text()
    num_fusions = count_fusions(hlo_text)
    # cost_analysis 返回一个字典,取出读写字节数
    analysis = compiled.cost_analysis()
    bytes_accessed = analysis["bytes accessed"]
    return num_fusions, bytes_accessed
