# Mistake: thinks jnp.float32(3.0) hits the cache of the Python float (weak type ignored).
predicted_compiles = 3
