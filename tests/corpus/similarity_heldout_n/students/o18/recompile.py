show_recompile_sequence("o18")
predicted_compiles = 3
