# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("q08")  # 换成你的学号,运行后打印你的调用序列
# 只有 mode="b" 会多编译一次;float64 的 numpy 数组在 x64 关闭时也是 float32
predicted_compiles: int = 2
