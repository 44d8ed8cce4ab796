import operator


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    bytes_of = operator.itemgetter("bytes accessed")
    return count_fusions(compiled.as_text()), bytes_of(compiled.cost_analysis())
