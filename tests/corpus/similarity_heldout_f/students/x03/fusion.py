def fusion_report(f, *args):
    hlo = compiled_hlo(f, *args)  # optimised HLO
    cost = jax.jit(f).lower(*args).compile().cost_analysis()
    return count_fusions(hlo), float(cost["bytes accessed"])
