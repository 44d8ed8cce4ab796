def fusion_report(f, *args):
    jitted = jax.jit(f)
    compiled = jitted.lower(*args).compile()
    text = compiled.as_text()
    stats = compiled.cost_analysis()
    return count_fusions(text), stats["bytes accessed"]
