_BYTES = "bytes accessed"
_readers = (lambda c: count_fusions(c.as_text()), lambda c: c.cost_analysis()[_BYTES])


def fusion_report(f, *args):
    compiled = jax.jit(f).lower(*args).compile()
    return tuple(map(lambda read: read(compiled), _readers))
