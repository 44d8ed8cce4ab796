def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)  # 先 lower 成 StableHLO(这里还没有融合)
    compiled = lowered.compile()  # 编译之后才有 XLA 优化过的 HLO
    text = compiled.as_text()  # 优化后的 HLO 文本
    n = count_fusions(text)  # 数 fusion(...) 指令
    cost = compiled.cost_analysis()  # 代价分析,字典
    if isinstance(cost, (list, tuple)):  # 老版本返回列表,取第一个
        cost = cost[0]
    return n, cost["bytes accessed"]  # (融合条数, 访存字节数)
