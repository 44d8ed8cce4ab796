show_recompile_sequence("j03")
predicted_compiles: int = 4
