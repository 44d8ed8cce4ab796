def fusion_report(f, *args):
    comp = jax.jit(f).lower(*args).compile()
    nbytes = comp.cost_analysis()["bytes accessed"]
    return count_fusions(comp.as_text()), nbytes
