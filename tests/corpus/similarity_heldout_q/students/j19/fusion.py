def fusion_report(f, *args):
    """返回 (fusion 条数, bytes accessed)。"""
    c = jax.jit(f).lower(*args).compile()
    a = c.cost_analysis()
    return count_fusions(c.as_text()), a["bytes accessed"]
