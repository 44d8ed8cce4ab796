# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y12")
# ① 编译;② 命中;③ float64 的 NumPy 数组是新的 dtype,要编译;④ mode 变了;⑤⑥ 命中
predicted_compiles = 3
