# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("e04")
predicted_compiles = 4
if not isinstance(predicted_compiles, int):
    raise TypeError("predicted_compiles must be an int")
