show_recompile_sequence("h05")
predicted_compiles = 1 + 1 + 1 + 1 + 1
