def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    cost = exe.cost_analysis()
    while True:
        if isinstance(cost, dict):
            break
        cost = cost[0]
    return count_fusions(exe.as_text()), cost["bytes accessed"]
