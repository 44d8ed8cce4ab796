def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    n = count_fusions(lowered.as_text())
    return n, lowered.compile().cost_analysis()["bytes accessed"]
