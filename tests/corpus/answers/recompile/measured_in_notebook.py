# Correct, obtained differently: the student ran the sequence under CompileCounter in the notebook
# and stored the measurement (the grader still measures on its own in a clean process).
@jax.jit(static_argnames="mode")
def g(x, scale, mode="a"):
    return x * scale if mode == "a" else x + scale


with CompileCounter("g") as cc:
    g(jnp.ones(3), 2.0)
    g(jnp.ones(3), 3.0)
    g(jnp.ones(3), jnp.float32(3.0))
    g(jnp.ones(3), 2.0, mode="b")
    g(np.ones(3, np.float64), 2.0)
    g(jnp.ones((3,)), 2)
predicted_compiles = cc.count
