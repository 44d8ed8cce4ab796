def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    return count_fusions(c.as_text()), c.cost_analysis()["bytes accessed"]
