show_recompile_sequence('q09')
# weak int 2/7/3 one key; weak float 2.0; np.float32 / jnp.float32 same strong f32
predicted_compiles = 3
