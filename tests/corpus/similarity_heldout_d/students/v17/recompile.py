show_recompile_sequence("v17")
# only calls 1, 3, 4 and 6 give a new cache key
predicted_compiles = 4
