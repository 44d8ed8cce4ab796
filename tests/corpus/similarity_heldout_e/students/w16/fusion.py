def _compiled(f, args):
    return jax.jit(f).lower(*args).compile()


def fusion_report(f, *args):
    exe = _compiled(f, args)
    # count after optimisation, bytes from the cost model
    return count_fusions(exe.as_text()), exe.cost_analysis()["bytes accessed"]
