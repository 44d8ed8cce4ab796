show_recompile_sequence("x06")
predicted_compiles = 4
