def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    ca = exe.cost_analysis()
    if isinstance(ca, list):
        ca = ca[0]
    return count_fusions(exe.as_text()), ca['bytes accessed']
