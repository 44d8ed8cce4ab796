# 练习2
show_recompile_sequence("s10")
# (1) 新的 -> 编译 1
# (2) 只有 python float 的值变了 -> 不编译
# (3) jnp.float32 是强类型 -> 编译 2
# (4) static 参数变了 -> 编译 3
# (5) float64 在 x32 下变成 float32,但形状不同 -> 编译 4
# (6) 整数 weak type -> 编译 5
predicted_compiles = 5
