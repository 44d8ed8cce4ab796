# went call by call: shape, dtype, weak type, static args
show_recompile_sequence('u08')
predicted_compiles = 4
