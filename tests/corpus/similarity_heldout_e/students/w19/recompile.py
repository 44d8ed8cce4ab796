show_recompile_sequence("w19")
predicted_compiles: int = 3
