def fusion_report(f, *args):
    bianyi = jax.jit(f).lower(*args).compile()  # 编译
    wenben = bianyi.as_text()
    # 数一数文本里有几个 fusion
    geshu = wenben.count("fusion")
    zijie = bianyi.cost_analysis()["bytes accessed"]
    return geshu, zijie
