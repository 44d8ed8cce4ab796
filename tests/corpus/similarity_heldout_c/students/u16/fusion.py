def fusion_report(f, *args):
    n_fusions = count_fusions(compiled_hlo(f, *args))
    # read bytes accessed from cost_analysis
    cost = jax.jit(f).lower(*args).compile().cost_analysis()
    return n_fusions, cost["bytes accessed"]
