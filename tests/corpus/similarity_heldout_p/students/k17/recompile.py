# Step 1: print my own call sequence.
show_recompile_sequence("k17")
# Step 2: count the distinct (shape, dtype, weak type, mode) keys: 5 of the 6 calls are new.
predicted_compiles = 5
