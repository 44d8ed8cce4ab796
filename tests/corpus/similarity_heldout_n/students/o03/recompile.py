# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("o03")
# 1: compile. 2: same key. 3: float64 -> float32 in 32-bit mode, same key.
# 4: mode="b" is a new static value. 5: same as 4. 6: same shape and dtype as 1.
predicted_compiles = 2
