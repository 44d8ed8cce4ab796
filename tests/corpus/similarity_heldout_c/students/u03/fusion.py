def fusion_report(f, *args):
    comp = jax.jit(f).lower(*args).compile()
    n = count_fusions(comp.as_text())
    return n, comp.cost_analysis()['bytes accessed']
