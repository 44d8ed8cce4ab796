show_recompile_sequence("h16")
predicted_compiles=3
