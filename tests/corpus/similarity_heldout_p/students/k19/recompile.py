show_recompile_sequence("k19")
# calls 5, 1..4, 6: hit, new, new, new, new, new
predicted_compiles = 0 + 1 + 1 + 1 + 1 + 1
