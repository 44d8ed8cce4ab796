show_recompile_sequence('v12')
predicted_compiles = 5
