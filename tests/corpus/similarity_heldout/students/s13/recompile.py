show_recompile_sequence("s13")  # printed my 6 calls
# calls 1,3,4,5,6 each have a new cache key
predicted_compiles = 5
