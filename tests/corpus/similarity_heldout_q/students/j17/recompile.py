show_recompile_sequence("j17")
predicted_compiles = sum(1 for new_key in (True, False, False, True, False, False) if new_key)
