show_recompile_sequence("r17")
predicted_compiles = 3
