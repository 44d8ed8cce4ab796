show_recompile_sequence("p13")
predicted_compiles = 5
