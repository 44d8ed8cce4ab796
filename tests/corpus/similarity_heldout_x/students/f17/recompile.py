# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f17")
predicted_compiles = 5  # only ③ reuses ①'s executable
