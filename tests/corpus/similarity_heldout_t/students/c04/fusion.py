def fusion_report(f, *args):
    if not args:
        raise ValueError("需要至少一个参数")
    compiled = jax.jit(f).lower(*args).compile()
    stats = compiled.cost_analysis()
    if isinstance(stats, list):
        stats = stats[0]
    if "bytes accessed" not in stats:
        raise KeyError("cost_analysis 里没有 bytes accessed")
    return count_fusions(compiled.as_text()), stats["bytes accessed"]
