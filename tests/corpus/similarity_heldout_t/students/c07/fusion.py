def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    analysis = compiled.cost_analysis()
    while True:
        if isinstance(analysis, dict):
            break
        analysis = analysis[0]
    return count_fusions(compiled.as_text()), analysis["bytes accessed"]
