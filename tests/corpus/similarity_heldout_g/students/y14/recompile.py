# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y14")
# int scale, then a weak float scale, then a strong float32 scalar
predicted_compiles = 1 + 2
