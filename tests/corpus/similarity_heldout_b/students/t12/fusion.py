def fusion_report(f, *args):
    """(fusions after optimisation, bytes accessed)"""
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
