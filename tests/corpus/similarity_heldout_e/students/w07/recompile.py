show_recompile_sequence("w07")
new_entries: tuple[bool, ...] = (True, True, False, True, True, True)
predicted_compiles: int = 5
