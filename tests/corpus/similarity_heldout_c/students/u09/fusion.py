def fusion_report(f, *args):
    n_fusions = count_fusions(compiled_hlo(f, *args))
    # cost_analysis 里读 bytes accessed
    cost = jax.jit(f).lower(*args).compile().cost_analysis()
    return n_fusions, cost["bytes accessed"]
