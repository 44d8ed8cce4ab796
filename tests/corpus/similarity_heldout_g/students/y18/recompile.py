show_recompile_sequence("y18")
predicted_compiles: int = 4
