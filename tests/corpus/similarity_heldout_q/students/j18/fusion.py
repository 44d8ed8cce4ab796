def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    analysis = compiled.cost_analysis()
    if isinstance(analysis, dict):
        bytes_accessed = analysis["bytes accessed"]
    else:
        bytes_accessed = analysis[0]["bytes accessed"]
    fusions = count_fusions(compiled.as_text())
    return fusions, bytes_accessed
