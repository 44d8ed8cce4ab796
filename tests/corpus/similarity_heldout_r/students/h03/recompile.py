show_recompile_sequence("h03")
predicted_compiles: int = 2
