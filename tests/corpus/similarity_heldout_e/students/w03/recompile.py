show_recompile_sequence('w03')
predicted_compiles = 5
