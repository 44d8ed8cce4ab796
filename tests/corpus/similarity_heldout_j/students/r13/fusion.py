def fusion_report(f, *args):
    jf = jax.jit(f)
    text = compiled_hlo(f, *args)
    cost = jf.lower(*args).compile().cost_analysis()
    return count_fusions(text), cost["bytes accessed"]
