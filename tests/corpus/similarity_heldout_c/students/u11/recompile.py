# went call by call: shape, dtype, weak type, static args
show_recompile_sequence("u11")
predicted_compiles = 5
