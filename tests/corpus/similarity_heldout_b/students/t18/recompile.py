show_recompile_sequence("t18")
predicted_compiles = 1 + 2
