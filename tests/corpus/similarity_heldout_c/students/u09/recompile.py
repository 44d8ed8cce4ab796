# went call by call: shape, dtype, weak type, static args
show_recompile_sequence("u09")
predicted_compiles = 2 + 3
