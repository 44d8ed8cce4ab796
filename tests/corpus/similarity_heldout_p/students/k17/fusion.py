def fusion_report(f, *args):
    # Step 1: compile once for these arguments.
    compiled = jax.jit(f).lower(*args).compile()
    # Step 2: count fusion instructions in the optimised HLO.
    fusions = count_fusions(compiled.as_text())
    # Step 3: read the bytes accessed from the cost analysis.
    accessed = compiled.cost_analysis()["bytes accessed"]
    # Step 4: return both.
    return fusions, accessed
