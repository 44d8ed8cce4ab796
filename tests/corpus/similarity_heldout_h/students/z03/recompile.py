show_recompile_sequence('z03')
predicted_compiles = 3
