def fusion_report(f, *args):
    if not callable(f):
        raise TypeError("f must be callable")
    compiled = jax.jit(f).lower(*args).compile()
    cost = compiled.cost_analysis()
    if cost is None or "bytes accessed" not in cost:
        raise RuntimeError("cost_analysis() has no 'bytes accessed'")
    return count_fusions(compiled.as_text()), cost["bytes accessed"]
