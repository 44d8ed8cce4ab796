show_recompile_sequence('n12')
predicted_compiles = 4
