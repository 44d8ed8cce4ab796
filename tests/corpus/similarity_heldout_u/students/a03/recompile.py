show_recompile_sequence("a03")
new_key = lambda k: 1 if k else 0
predicted_compiles = sum(map(new_key, [True, False, True, True, False, True]))
