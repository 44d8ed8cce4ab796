show_recompile_sequence("t03")
predicted_compiles = 3
