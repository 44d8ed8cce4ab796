show_recompile_sequence("y06")
predicted_compiles = 5
