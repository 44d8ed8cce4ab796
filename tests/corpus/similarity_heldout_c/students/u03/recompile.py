show_recompile_sequence('u03')
predicted_compiles = 4
