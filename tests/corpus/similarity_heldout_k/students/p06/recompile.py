show_recompile_sequence("p06")
predicted_compiles = 4
