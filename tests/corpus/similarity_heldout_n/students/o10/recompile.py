show_recompile_sequence("o10")
# callOne compiles, shape (4,) compiles, scale 5.0 is cached,
# mode "b" compiles, int32 compiles, shape (4,) with mode "b" compiles
predicted_compiles = 5
