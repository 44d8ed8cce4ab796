show_recompile_sequence("z13")
predicted_compiles = 5
