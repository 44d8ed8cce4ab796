# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("e08")
predicted_compiles = 2  # (2, 3) float32 with mode a, then mode b; every other call hits
