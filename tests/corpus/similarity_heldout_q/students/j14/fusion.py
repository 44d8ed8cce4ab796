def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(hlo_text=compiled.as_text()), compiled.cost_analysis().get("bytes accessed")
