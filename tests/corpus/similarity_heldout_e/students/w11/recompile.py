show_recompile_sequence("w11")
predicted_compiles = 5
