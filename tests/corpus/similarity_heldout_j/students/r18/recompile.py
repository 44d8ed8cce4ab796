# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("r18")  # 换成你的学号,运行后打印你的调用序列
# 第一次编译;数值不同不重新编译;float64 的 NumPy 数组在 32 位模式下变成 float32,不重新编译;
# mode="b" 是新的静态参数,编译;zeros 与 ones 形状相同,不编译;乘 2 之后还是 f32[2,3],不编译
predicted_compiles = 2
