show_recompile_sequence("v15")
predicted_compiles = 2
