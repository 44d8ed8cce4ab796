show_recompile_sequence("k05")
predicted_compiles = sum(map(int, "101101"))
