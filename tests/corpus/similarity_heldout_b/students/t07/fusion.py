def fusion_report(f, *args):
    # count the fusion ops and read the cost
    lowered = jax.jit(f).lower(*args)
    n = count_fusions(lowered.as_text())
    cost = lowered.compile().cost_analysis()
    return n, cost['bytes accessed']
