show_recompile_sequence("t13")
predicted_compiles = 5
