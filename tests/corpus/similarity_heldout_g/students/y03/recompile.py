show_recompile_sequence('y03')
predicted_compiles = 3
