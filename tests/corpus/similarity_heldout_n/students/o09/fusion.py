def fusion_report(f, *args):
    text = compiled_hlo(f, *args)
    cost = jax.jit(f).lower(*args).compile().cost_analysis()
    return count_fusions(text), next(v for k, v in cost.items() if k == "bytes accessed")
