def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()  # 编译一次
    t = c.as_text()
    if t is None:  # 不会发生
        return 0, 0.0
    n = count_fusions(t)  # fusion 条数
    ca = c.cost_analysis()
    b = ca["bytes accessed"]  # 访问字节数
    flops = ca.get("flops", 0.0)
    return n, b
