show_recompile_sequence("k04")
predicted_compiles = 5
