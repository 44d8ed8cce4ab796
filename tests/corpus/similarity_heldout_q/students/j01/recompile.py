show_recompile_sequence("j01")
predicted_compiles = 5  # shape 4 and int32 and mode b both times
