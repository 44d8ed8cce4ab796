show_recompile_sequence("s09")
predicted_compiles = 5
