show_recompile_sequence('y10')
predicted_compiles = 2
