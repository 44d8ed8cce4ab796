def fusion_report(f, *args):
    lowered = jax.jit(f).lower(*args)
    compiled = lowered.compile()
    optimized_hlo = compiled.as_text()
    num_fusions = count_fusions(optimized_hlo)
    bytes_accessed = compiled.cost_analysis()["bytes accessed"]
    return num_fusions, bytes_accessed


# quick look
t = jnp.ones((256, 384))
print(fusion_report(lambda t: jnp.tanh(t * 3.0 + 1.0) ** 2, t))
print(fusion_report(lambda t: jnp.tanh(lax.optimization_barrier(t * 3.0 + 1.0)) ** 2, t))
