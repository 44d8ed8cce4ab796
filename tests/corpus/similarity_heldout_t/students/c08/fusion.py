def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    executable = lowered.compile()
    hlo = executable.as_text()
    costs = executable.cost_analysis()
    return count_fusions(hlo), costs.get("bytes accessed")
