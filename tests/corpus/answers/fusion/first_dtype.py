# Mistake: compiles abstract arguments of each input's shape but the first input's dtype, so two
# inputs of one shape and different dtypes are compiled as if both had the first dtype.
def fusion_report(f, *args):
    dtype = jnp.asarray(args[0]).dtype
    specs = [jax.ShapeDtypeStruct(jnp.shape(a), dtype) for a in args]
    compiled = jax.jit(f).lower(*specs).compile()
    return count_fusions(compiled.as_text()), compiled.cost_analysis()["bytes accessed"]
