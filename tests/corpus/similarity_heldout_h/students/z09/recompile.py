# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z09")  # 换成你的学号,运行后打印你的调用序列
# float64 的 NumPy 数组在 32 位模式下变成 float32,和第一次相同;只有 mode="b" 多编译一次
predicted_compiles = 2
