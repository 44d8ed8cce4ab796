show_recompile_sequence("x19")
predicted_compiles = 4
