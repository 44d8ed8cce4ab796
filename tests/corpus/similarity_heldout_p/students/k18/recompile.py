show_recompile_sequence("k18")
predicted_compiles = 2
