show_recompile_sequence("r06")
predicted_compiles = 1 + 1
