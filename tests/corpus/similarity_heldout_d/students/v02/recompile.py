show_recompile_sequence("v02")
# shape (2, 3) every time: 1) first call compiles, 2) new value only, 3) float64 numpy becomes f32,
# 4) mode="b" is static -> compile, 5) zeros with mode b: cached, 6) ones * 2 is still f32[2,3]
predicted_compiles: int = 2
