def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    t = c.as_text()
    ca = c.cost_analysis()
    return count_fusions(t), ca['bytes accessed']
