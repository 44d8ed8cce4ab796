def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()
    ca = c.cost_analysis()
    ca = ca[0] if isinstance(ca, (list, tuple)) else ca
    return count_fusions(c.as_text()), ca["bytes accessed"]
