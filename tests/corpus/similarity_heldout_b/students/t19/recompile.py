show_recompile_sequence("t19")
predicted_compiles = 5
