def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    t = c.as_text()
    s = c.cost_analysis()
    return count_fusions(t), s['bytes accessed']
