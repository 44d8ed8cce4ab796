def fusion_report(f, *args):
    # compile once and read both numbers from the same executable
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
