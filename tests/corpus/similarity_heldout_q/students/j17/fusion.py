def _compiled(f, args):
    return jax.jit(f).lower(*args).compile()  # compile once


def fusion_report(f, *args):
    c = _compiled(f, args)
    return count_fusions(c.as_text()), c.cost_analysis()["bytes accessed"]  # fused kernels, memory traffic
