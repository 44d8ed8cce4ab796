def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    cost = compiled.cost_analysis()
    return count_fusions(compiled.as_text()), cost.get("bytes accessed", 0.0)
