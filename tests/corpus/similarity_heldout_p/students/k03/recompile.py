show_recompile_sequence("k03")
predicted_compiles: int = 2
