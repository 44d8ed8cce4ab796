show_recompile_sequence('r16')
# 1 compile, 2 hit, 3 strong f32 -> compile, 4 mode b -> compile, 5 float64 array -> compile, 6 int -> compile
predicted_compiles = 5
