show_recompile_sequence("m03")
predicted_compiles = 5
