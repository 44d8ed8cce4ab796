# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g04")  # 换成你的学号,运行后打印你的调用序列
predicted_compiles = 4
