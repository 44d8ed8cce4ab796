import operator


def fusion_report(f, *a):
    c = jax.jit(f).lower(*a).compile()
    get = operator.itemgetter("bytes accessed")
    return count_fusions(c.as_text()), get(c.cost_analysis())
