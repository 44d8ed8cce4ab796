show_recompile_sequence("q03")
predicted_compiles = 3
