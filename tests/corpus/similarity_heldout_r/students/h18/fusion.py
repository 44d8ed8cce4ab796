def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    text = compiled.as_text()
    analysis = compiled.cost_analysis()
    if isinstance(analysis, dict):
        nbytes = analysis["bytes accessed"]
    else:
        nbytes = analysis[0]["bytes accessed"]
    return count_fusions(text), nbytes
