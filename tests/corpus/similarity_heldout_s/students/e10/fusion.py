import itertools


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    found = next(itertools.dropwhile(lambda kv: kv[0] != "bytes accessed", exe.cost_analysis().items()))
    return count_fusions(exe.as_text()), found[1]
