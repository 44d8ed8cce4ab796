show_recompile_sequence("x08")
# new key at 1, 2 (no mode -> "a"), 3 (shape 2), 4 (int32), 6 (bool scale); 5 hits 2
predicted_compiles = 5
