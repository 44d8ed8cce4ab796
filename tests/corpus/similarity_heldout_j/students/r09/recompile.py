show_recompile_sequence("r09")
predicted_compiles = 5
