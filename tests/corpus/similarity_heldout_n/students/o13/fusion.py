def fusion_report(f, *args):
    """(优化后 HLO 中 fusion 指令的条数, cost_analysis 的 bytes accessed)。"""
    compiled = jax.jit(f).lower(*args).compile()
    costs = compiled.cost_analysis()
    assert "bytes accessed" in costs, sorted(costs)
    n = count_fusions(compiled.as_text())
    assert isinstance(n, int)
    return n, costs["bytes accessed"]
