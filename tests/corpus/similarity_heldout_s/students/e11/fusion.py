def fusion_report(f, *args):
    compiled = jax.jit(f).trace(*args).lower().compile()
    try:
        cost = compiled.cost_analysis()[0]
    except (KeyError, IndexError, TypeError):
        cost = compiled.cost_analysis()
    return count_fusions(compiled_hlo(f, *args)), cost.get("bytes accessed")
