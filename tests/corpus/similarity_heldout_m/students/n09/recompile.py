show_recompile_sequence("n09")
predicted_compiles = 5
