show_recompile_sequence("p09")
predicted_compiles = 5
