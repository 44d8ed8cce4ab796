def fusion_report(f, *args) -> tuple[int, float]:
    """(number of fusion instructions in the optimised HLO, bytes accessed)."""
    exe = jax.jit(f).lower(*args).compile()
    cost = exe.cost_analysis()
    # older jax versions return a list with one dict per device
    if isinstance(cost, (list, tuple)):
        cost = cost[0]
    return count_fusions(exe.as_text()), float(cost["bytes accessed"])
