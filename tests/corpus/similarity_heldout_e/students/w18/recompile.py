show_recompile_sequence('w18')
# Compiles: the first call, the jnp.float32 scale (not weakly typed), the new mode, and the int scale.
# Hits: the second call and the float64 numpy array (float32 under x32).
predicted_compiles = 1 + 3
