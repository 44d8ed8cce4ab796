show_recompile_sequence("r03")
predicted_compiles = 2
