show_recompile_sequence('q16')
predicted_compiles = 3
