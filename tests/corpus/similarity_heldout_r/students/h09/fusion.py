def fusion_report(f, *args):
    """Reports fusion count and bytes accessed.

    Args:
      f: the function to compile.
      *args: example arguments.

    Returns:
      (number of fusion instructions, bytes accessed).
    """
    compiled = jax.jit(f).lower(*args).compile()
    hlo = compiled.as_text()
    n = hlo.count("fusion")
    return n, compiled.cost_analysis()["bytes accessed"]
