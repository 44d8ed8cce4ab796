show_recompile_sequence("h04")
predicted_compiles = 5
