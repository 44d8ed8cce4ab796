# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m14")
predicted_compiles: int = 3  # int-weak, float-weak, float32-strong
