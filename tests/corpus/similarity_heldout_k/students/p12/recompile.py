show_recompile_sequence('p12')
predicted_compiles = 2  # mode a, mode b
