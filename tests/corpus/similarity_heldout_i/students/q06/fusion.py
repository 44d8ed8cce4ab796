def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    return (lambda hlo, cost: (count_fusions(hlo), cost["bytes accessed"]))(c.as_text(), c.cost_analysis())
