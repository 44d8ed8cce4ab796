def fusion_report(f, *args):
    """优化后的 fusion 条数和 bytes accessed"""
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()['bytes accessed']
