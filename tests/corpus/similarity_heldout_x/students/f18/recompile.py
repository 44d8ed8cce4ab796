# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f18")
flags = [1, 1, 1, 1, 0, 1]  # ⑤ arange(3.0) has the key of ②
predicted_compiles = sum(flags[:4]) + sum(flags[5:])
