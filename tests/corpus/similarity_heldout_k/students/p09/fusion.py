def fusion_report(f, *args):
    降低 = jax.jit(f).trace(*args).lower()
    编译结果 = 降低.compile()
    融合数 = count_fusions(编译结果.as_text())
    字节数 = 编译结果.cost_analysis()["bytes accessed"]
    return 融合数, 字节数
