def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    raw = exe.cost_analysis()
    cost = next(filter(lambda c: isinstance(c, dict), [raw] if isinstance(raw, dict) else raw))
    return count_fusions(exe.as_text()), cost["bytes accessed"]
