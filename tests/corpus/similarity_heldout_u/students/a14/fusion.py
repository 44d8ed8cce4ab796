def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    cost = compiled.cost_analysis()
    for key in ("bytes accessed", "bytes_accessed"):
        if key in cost:
            break
    else:
        raise KeyError("cost_analysis 里没有 bytes accessed")
    return count_fusions(compiled.as_text()), cost[key]
