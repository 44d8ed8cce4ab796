show_recompile_sequence('x04')
predicted_compiles = 5
