def fusion_report(f, *args):
    n = count_fusions(compiled_hlo(f, *args))
    ca = jax.jit(f).lower(*args).compile().cost_analysis()
    return n, ca['bytes accessed']
