def fusion_report(f, *args):
    # compile first: fusion only exists after optimisation
    lowered = jax.jit(f).lower(*args)
    executable = lowered.compile()
    hlo_text = executable.as_text()
    n_fusions = count_fusions(hlo_text)
    cost = executable.cost_analysis()
    return int(n_fusions), float(cost["bytes accessed"])
