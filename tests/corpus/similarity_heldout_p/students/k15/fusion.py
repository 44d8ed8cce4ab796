BYTES_KEY = "bytes accessed"


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    fusions = count_fusions(compiled.as_text())
    return fusions, compiled.cost_analysis()[BYTES_KEY]
