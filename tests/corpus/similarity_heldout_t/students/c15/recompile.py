show_recompile_sequence("c15")
# 1. mode="b" 第一次调用 -> 编译
# 2. 默认 mode "a",静态参数变了 -> 编译
# 3. 长度 2 的数组,形状不同 -> 编译
# 4. arange(3) 是整数 -> 编译
# 5. arange(3.0) 和第 2 次一样 -> 不编译
# 6. scale=True 是 bool -> 编译
predicted_compiles = 5
