_report = lambda exe: (count_fusions(exe.as_text()), exe.cost_analysis()["bytes accessed"])


def fusion_report(f, *args):
    return _report(jax.jit(f).lower(*args).compile())
