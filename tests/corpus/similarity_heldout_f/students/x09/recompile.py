show_recompile_sequence("x09")
predicted_compiles = 4
