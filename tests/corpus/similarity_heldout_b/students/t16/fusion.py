def fusion_report(f, *args) -> tuple[int, float]:
    """优化后的 fusion 条数和 bytes accessed"""
    c = jax.jit(f).trace(*args).lower().compile()
    return (count_fusions(c.as_text()),
            c.cost_analysis()['bytes accessed'])
