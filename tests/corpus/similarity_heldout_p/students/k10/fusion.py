def fusion_report(f, *args):
    if not args:
        raise ValueError("fusion_report needs example arguments")
    lowered = jax.jit(f).lower(*args)
    compiled = lowered.compile()
    cost = compiled.cost_analysis()
    if not cost:
        return count_fusions(lowered.as_text()), 0.0
    return count_fusions(lowered.as_text()), cost["bytes accessed"]
