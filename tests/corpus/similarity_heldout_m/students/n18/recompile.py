show_recompile_sequence("n18")
predicted_compiles = int("2")
