show_recompile_sequence('t01')
predicted_compiles = 5
