show_recompile_sequence("o15")
predicted_compiles = 2
