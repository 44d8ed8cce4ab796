# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g19")  # 换成你的学号,运行后打印你的调用序列
predicted_compiles = 1 + 1 + 1 + 1 + 1 + 0  # ① new, ② shape 4, ④ mode b, ⑤ int32, ⑥ shape 4 + mode b, ③ same
