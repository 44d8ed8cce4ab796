show_recompile_sequence('z06')
predicted_compiles = 4
