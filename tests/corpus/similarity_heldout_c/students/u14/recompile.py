# went call by call: shape, dtype, weak type, static args
show_recompile_sequence("u14")
predicted_compiles = 5
