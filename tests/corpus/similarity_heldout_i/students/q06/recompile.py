show_recompile_sequence("q06")
predicted_compiles = 5
