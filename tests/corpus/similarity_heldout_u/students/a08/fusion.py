def fusion_report(f, *a):
    c = jax.jit(f).lower(*a).compile()
    return count_fusions(c.as_text()), c.cost_analysis()["bytes accessed"]
