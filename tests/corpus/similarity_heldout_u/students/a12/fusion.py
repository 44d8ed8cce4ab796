from functools import partial

_read_bytes = partial(lambda key, exe: exe.cost_analysis()[key], "bytes accessed")


def fusion_report(f, *args):
    exe = partial(jax.jit(f).lower, *args)().compile()
    return count_fusions(exe.as_text()), _read_bytes(exe)
