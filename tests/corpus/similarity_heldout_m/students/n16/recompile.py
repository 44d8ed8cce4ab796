# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("n16")
compiles = 1 + 1  # first call, then mode b
predicted_compiles = compiles
