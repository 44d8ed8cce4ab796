from itertools import starmap


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    parts = [(count_fusions, exe.as_text()), (lambda c: c["bytes accessed"], exe.cost_analysis())]
    n, nbytes = starmap(lambda fn, x: fn(x), parts)
    return n, nbytes
