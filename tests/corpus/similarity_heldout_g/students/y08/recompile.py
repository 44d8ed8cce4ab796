# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y08")
# in x32 a float64 numpy array is just f32 -> same key; only the switch of mode compiles again
predicted_compiles = 2
