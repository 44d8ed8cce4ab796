show_recompile_sequence('u13')
predicted_compiles = 4
