show_recompile_sequence("j10")
predicted_compiles = 4
