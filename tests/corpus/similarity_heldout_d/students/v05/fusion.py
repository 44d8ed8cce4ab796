def fusion_report(f, *args) -> tuple:
    compiled = jax.jit(f).lower(*args).compile()
    fusions = count_fusions(compiled.as_text())
    # bytes accessed of the optimised program (after fusion), not of the lowered one
    accessed = compiled.cost_analysis()["bytes accessed"]
    return fusions, accessed
