show_recompile_sequence("k16")
# 1: int -> compile, 2: int again -> same, 3: float -> compile,
# 4: np.float32 -> compile, 5: jnp.float32 -> compile, 6: int -> same
predicted_compiles = 4
