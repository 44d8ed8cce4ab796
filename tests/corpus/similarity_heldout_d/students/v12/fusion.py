def fusion_report(f, *args):
    comp = jax.jit(f).lower(*args).compile()
    ca = comp.cost_analysis()
    ca = ca[0] if isinstance(ca, list) else ca
    return int(count_fusions(comp.as_text())), float(ca['bytes accessed'])
