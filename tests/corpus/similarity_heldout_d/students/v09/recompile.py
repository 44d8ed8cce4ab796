show_recompile_sequence("v09")
predicted_compiles: int = 4
