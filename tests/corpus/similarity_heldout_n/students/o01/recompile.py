show_recompile_sequence("o01")
predicted_compiles = 5
