__all__ = ["fusion_report"]

BYTES_ACCESSED_KEY = "bytes accessed"


def _compile(f, args):
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    compiled = _compile(f, args)
    return count_fusions(compiled.as_text()), compiled.cost_analysis()[BYTES_ACCESSED_KEY]
