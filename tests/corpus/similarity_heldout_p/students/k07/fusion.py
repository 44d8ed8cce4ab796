def fusion_report(f, *args):
    # 编译一次
    bianyi = jax.jit(f).trace(*args).lower().compile()
    # fusion 条数
    shuliang = count_fusions(bianyi.as_text())
    # 访问的字节数
    zijie = bianyi.cost_analysis().get("bytes accessed")
    return shuliang, zijie
