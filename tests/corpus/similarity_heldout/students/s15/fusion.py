import re  # noqa: F401


def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    stablehlo = lowered.as_text()  # not used: no fusion before compile
    compiled = lowered.compile()
    bytes_accessed = compiled.cost_analysis()["bytes accessed"]
    optimized_hlo = compiled.as_text()
    num_fusions = count_fusions(optimized_hlo)
    if num_fusions < 0:
        raise RuntimeError("impossible")
    return num_fusions, bytes_accessed


t = jnp.ones((256, 384))
print(fusion_report(lambda t: jnp.tanh(lax.optimization_barrier(t * 3.0 + 1.0)) ** 2, t))
print(fusion_report(lambda t: jnp.tanh(t * 3.0 + 1.0) ** 2, t))
