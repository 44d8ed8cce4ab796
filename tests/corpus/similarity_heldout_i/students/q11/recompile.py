# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("q11")  # 换成你的学号,运行后打印你的调用序列
# 形状 (2, 3) 的调用里:新的 dtype、新的 mode、新的形状各编译一次
predicted_compiles = 5
