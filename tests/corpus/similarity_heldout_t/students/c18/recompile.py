show_recompile_sequence("c18")
compiles = map(bool, [1, 0, 1, 1, 0, 1])
predicted_compiles = len(list(filter(None, compiles)))
