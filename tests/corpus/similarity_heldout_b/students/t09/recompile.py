show_recompile_sequence("t09")
predicted_compiles = 5
