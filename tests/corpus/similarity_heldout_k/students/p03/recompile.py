show_recompile_sequence("p03")
predicted_compiles = 4
