show_recompile_sequence("g15")
predicted_compiles = 4
