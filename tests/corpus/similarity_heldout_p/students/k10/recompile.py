show_recompile_sequence("k10")
predicted_compiles = 4
