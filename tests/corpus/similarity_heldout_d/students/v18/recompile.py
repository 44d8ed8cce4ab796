show_recompile_sequence('v18')
predicted_compiles = 5
