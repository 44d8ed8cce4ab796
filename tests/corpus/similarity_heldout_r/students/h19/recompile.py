show_recompile_sequence("h19")
predicted_compiles = 5
