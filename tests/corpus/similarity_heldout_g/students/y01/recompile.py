# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y01")
# (2, 3) float32 + weak float: compile; new scale value hits; the float64 NumPy array becomes float32
# in x32 mode, so it hits too; mode="b" is a new static value; zeros / ones * 2 hit the mode-b / mode-a keys.
predicted_compiles = 2
