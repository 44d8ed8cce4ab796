show_recompile_sequence('t16')
predicted_compiles = 5
