show_recompile_sequence("q13")
predicted_compiles = 5
