def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    hlo = c.as_text()
    nbytes = c.cost_analysis()['bytes accessed']
    return (count_fusions(hlo), nbytes)
