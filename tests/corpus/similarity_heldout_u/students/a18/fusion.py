from types import SimpleNamespace


def fusion_report(f, *args):
    exe = jax.jit(f).lower(*args).compile()
    r = SimpleNamespace(kernels=count_fusions(exe.as_text()), traffic=exe.cost_analysis()["bytes accessed"])
    return r.kernels, r.traffic
