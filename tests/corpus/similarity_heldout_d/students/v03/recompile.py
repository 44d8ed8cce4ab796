show_recompile_sequence('v03')
predicted_compiles = 5
