def fusion_report(f, *args):
    """Compile ``f`` for ``args`` and report its fused kernels and memory traffic.

    :param f: the function to compile
    :param args: example arguments
    :returns: ``(fusion instructions in the optimised HLO, "bytes accessed")``
    """
    executable = jax.jit(f).lower(*args).compile()
    return count_fusions(executable.as_text()), executable.cost_analysis()["bytes accessed"]
