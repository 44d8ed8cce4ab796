show_recompile_sequence("q20")
predicted_compiles = 2 + 3
