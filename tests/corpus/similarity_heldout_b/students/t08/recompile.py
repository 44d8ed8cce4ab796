show_recompile_sequence("t08")
predicted_compiles = 5
