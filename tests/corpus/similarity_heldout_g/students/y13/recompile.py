show_recompile_sequence('y13')
predicted_compiles = 5
