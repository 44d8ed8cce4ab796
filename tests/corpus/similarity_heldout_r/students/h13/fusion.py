def _unwrap(c):
    # 1. cost_analysis may be a list; take the first entry
    return _unwrap(c[0]) if isinstance(c, (list, tuple)) else c


def _compile(f, args):
    # 2. compile once
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    exe = _compile(f, args)
    # 3. count and bytes from the same executable
    return count_fusions(exe.as_text()), _unwrap(exe.cost_analysis())["bytes accessed"]
