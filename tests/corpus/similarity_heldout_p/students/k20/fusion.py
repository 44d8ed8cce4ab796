def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()  # 编译一次
    n = count_fusions(c.as_text())  # fusion 条数
    b = c.cost_analysis()["bytes accessed"]  # 访问字节数
    return n, b
