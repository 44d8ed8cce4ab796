show_recompile_sequence("v06")
predicted_compiles = 4
