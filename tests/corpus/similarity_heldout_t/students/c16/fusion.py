def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    try:
        cost = lowered.compile().cost_analysis()
    except Exception:
        cost = lowered.cost_analysis()
    try:
        nbytes = cost["bytes accessed"]
    except (KeyError, TypeError):
        nbytes = cost[0]["bytes accessed"]
    return count_fusions(lowered.as_text()), nbytes
