# Mistake: turns every argument into a JAX array before compiling. A pytree argument (a dict) raises.
def fusion_report(f, *args):
    arrays = [jnp.asarray(a) for a in args]
    compiled = jax.jit(f).lower(*arrays).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
