import operator


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    nbytes = operator.itemgetter("bytes accessed")(exe.cost_analysis())
    return count_fusions(exe.as_text()), nbytes
