show_recompile_sequence("u06")
predicted_compiles = 5
