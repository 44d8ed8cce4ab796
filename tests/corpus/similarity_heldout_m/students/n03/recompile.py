show_recompile_sequence("n03")
predicted_compiles = 5
