# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("n15")  # 换成你的学号,运行后打印你的调用序列
# 整数 2、7、3 是同一个弱类型 int;2.0 换成弱类型 float;两个 float32 标量是强类型
predicted_compiles = 3
