show_recompile_sequence("u10")
predicted_compiles = 5
