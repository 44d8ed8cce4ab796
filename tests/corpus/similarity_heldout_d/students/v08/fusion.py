def fusion_report(f, *args):
    compiled = jax.jit(f).trace(*args).lower().compile()
    n_fusion = count_fusions(compiled.as_text())
    nbytes = compiled.cost_analysis()['bytes accessed']
    return n_fusion, nbytes
