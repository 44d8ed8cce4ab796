# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('p16')
# The float64 numpy input is cast to float32 in 32-bit mode, so only mode changes the key.
predicted_compiles = 2
