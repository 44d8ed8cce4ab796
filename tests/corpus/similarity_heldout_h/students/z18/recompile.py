show_recompile_sequence("z18")
predicted_compiles: int = 5
