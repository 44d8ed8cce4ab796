show_recompile_sequence("t23")
predicted_compiles = 4
