# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("n14")
predicted_compiles: int = 5  # shapes 3 and 4, modes a and b, float and int32 inputs
