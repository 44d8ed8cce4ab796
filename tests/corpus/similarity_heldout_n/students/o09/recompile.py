show_recompile_sequence("o09")
predicted_compiles = 1 + 1
