def fusion_report(f, *args):
    c = jax.jit(f).lower(*args).compile()  # compile once
    ca = c.cost_analysis()
    if isinstance(ca, list):  # older jax gave a list
        ca = ca[0]
    return count_fusions(c.as_text()), ca["bytes accessed"]
