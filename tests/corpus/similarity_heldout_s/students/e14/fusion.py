def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    try:
        cost = compiled.cost_analysis()[0]
    except (KeyError, IndexError, TypeError):
        cost = compiled.cost_analysis()
    return count_fusions(compiled.as_text()), cost["bytes accessed"]
