show_recompile_sequence("j07")
# int scale, then float scale, then a strong float32 (np and jnp give the same key)
yijing_kan_guo = []
predicted_compiles = 3
