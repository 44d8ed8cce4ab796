# ✍️ 作答区:练习 3
def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    fusions = count_fusions(exe.as_text())
    cost = exe.cost_analysis()
    if isinstance(cost, dict):
        return fusions, cost["bytes accessed"]
    if not cost:
        return fusions, 0.0
    return fusions, cost[0]["bytes accessed"]
