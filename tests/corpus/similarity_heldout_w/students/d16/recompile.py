# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d16")
flags = [True, True, False, True, True, True]  # only ③ reuses ①'s key
predicted_compiles = len(list(filter(None, flags)))
