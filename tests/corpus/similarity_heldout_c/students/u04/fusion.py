def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    cost = exe.cost_analysis()
    # 老版本返回 list,这里兼容一下
    if isinstance(cost, list):
        cost = cost[0]
    return int(count_fusions(exe.as_text())), float(cost["bytes accessed"])
