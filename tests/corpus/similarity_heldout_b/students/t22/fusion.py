def _compile(f, args):
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    """(fusions after optimisation, bytes accessed)"""
    comp = _compile(f, args)
    stats = comp.cost_analysis()
    if isinstance(stats, (list, tuple)):
        stats = stats[0]
    return count_fusions(comp.as_text()), stats.get('bytes accessed', 0.0)
