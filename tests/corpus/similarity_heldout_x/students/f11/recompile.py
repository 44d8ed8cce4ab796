# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f11")
compiles_per_call = (1, 1, 1, 1, 0, 1)  # ⑤ arange(3.0) is float32[3] like ②
predicted_compiles = sum(compiles_per_call)
