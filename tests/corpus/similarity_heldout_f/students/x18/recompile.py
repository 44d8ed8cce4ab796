# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('x18')
# Compiles at 1 (first), 3 (a float64 numpy array is a different input), 4 (mode "b").
# 2, 5 and 6 reuse an earlier entry (only values differ).
predicted_compiles = 3
