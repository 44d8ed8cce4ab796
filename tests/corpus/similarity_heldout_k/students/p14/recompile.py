# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("p14")
# weak int (1, 2, 6), weak float (3), strong float32 (4, 5)
predicted_compiles: int = 3
