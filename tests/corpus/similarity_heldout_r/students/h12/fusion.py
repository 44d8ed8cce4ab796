BYTES_KEY = "bytes accessed"


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()[BYTES_KEY]
