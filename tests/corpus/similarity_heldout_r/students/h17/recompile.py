show_recompile_sequence("h17")
predicted_compiles = sum(1 for is_new in (True, False, True, True, False, True) if is_new)
