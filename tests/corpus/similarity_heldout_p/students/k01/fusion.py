def fusion_report(f, *args):
    c = jax.jit(f).trace(*args).lower().compile()
    return count_fusions(c.as_text()), c.cost_analysis().get("bytes accessed")
