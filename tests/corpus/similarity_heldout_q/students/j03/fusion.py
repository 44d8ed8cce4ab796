def fusion_report(f, *args) -> tuple[int, float]:
    lowered = jax.jit(f).lower(*args)
    exe = lowered.compile()
    costs: dict = exe.cost_analysis()
    return count_fusions(exe.as_text()), float(costs["bytes accessed"])
