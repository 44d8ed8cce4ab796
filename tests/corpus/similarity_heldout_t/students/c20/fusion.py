_PICK = {
    dict: lambda c: c,
    list: lambda c: c[0],
}


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    raw = exe.cost_analysis()
    cost = _PICK[type(raw)](raw)
    return count_fusions(exe.as_text()), cost["bytes accessed"]
