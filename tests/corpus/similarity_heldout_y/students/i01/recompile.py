# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i01")
# first call compiles, 4.0 is the same kind of float, the numpy float64 array turns into float32 so same,
# mode b compiles again, zeros is the same as ones, ones*2 is the same
predicted_compiles = 2
