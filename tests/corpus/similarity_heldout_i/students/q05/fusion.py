# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    # 必须 compile 之后才是优化后的 HLO,lower 出来的还没有 fusion
    编译结果 = jax.jit(f).lower(*args).compile()
    成本 = 编译结果.cost_analysis()
    return count_fusions(编译结果.as_text()), 成本.get("bytes accessed")
