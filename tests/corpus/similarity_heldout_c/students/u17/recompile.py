show_recompile_sequence('u17')
predicted_compiles = 5
