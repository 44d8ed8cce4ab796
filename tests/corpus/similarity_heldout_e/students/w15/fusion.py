def fusion_report(f, *args):
    x = jax.jit(f).lower(*args).compile()
    ca = x.cost_analysis()
    ca = ca[0] if isinstance(ca, list) else ca
    return count_fusions(x.as_text()), ca['bytes accessed']
