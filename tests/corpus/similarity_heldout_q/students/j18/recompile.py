show_recompile_sequence("j18")
# int scale, then float scale, then a strong float32 (np and jnp give the same key)
predicted_compiles = 3
