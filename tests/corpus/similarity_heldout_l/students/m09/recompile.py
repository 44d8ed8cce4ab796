show_recompile_sequence('m09')
predicted_compiles = 4
