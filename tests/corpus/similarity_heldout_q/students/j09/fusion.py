def fusion_report(f, *args):
    """Fusion count and bytes accessed of jit(f) on args.

    Args:
        f: function to compile.
        *args: example arguments.

    Returns:
        (number of fusion instructions, bytes accessed).
    """
    executable = jax.jit(f).lower(*args).compile()
    analysis = executable.cost_analysis()
    if isinstance(analysis, list):
        analysis = analysis[0]
    return count_fusions(executable.as_text()), analysis.get("bytes accessed")
