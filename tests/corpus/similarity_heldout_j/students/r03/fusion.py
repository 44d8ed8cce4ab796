def fusion_report(f, *args):
    lo = jax.jit(f).lower(*args)
    return count_fusions(lo.as_text()), lo.compile().cost_analysis()["bytes accessed"]
