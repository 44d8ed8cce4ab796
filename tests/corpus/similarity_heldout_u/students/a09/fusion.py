from functools import partial

_read_bytes = partial(lambda key, exe: dict(exe.cost_analysis()).get(key), "bytes accessed")


def fusion_report(f, *args):
    exe = partial(jax.jit(f).trace, *args)().lower().compile()
    return count_fusions(exe.as_text()), _read_bytes(exe)
