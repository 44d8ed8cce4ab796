def fusion_report(f, *args):
    """Return (fusion count, bytes accessed) of the optimised program.

    >>> n, b = fusion_report(lambda t: jnp.tanh(t * 3.0 + 1.0) ** 2, jnp.ones(8))
    >>> n >= 1
    True
    """
    compiled = jax.jit(f).trace(*args).lower().compile()
    return count_fusions(compiled.as_text()), float(compiled.cost_analysis()["bytes accessed"])
