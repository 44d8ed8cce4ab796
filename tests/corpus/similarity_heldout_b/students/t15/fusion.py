VERBOSE = False


def fusion_report(f, *args):
    """Return (number of fusions after optimisation, bytes accessed)."""
    compiled = jax.jit(f).lower(*args).compile()
    if VERBOSE:
        print(compiled.as_text())
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
