# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("q01")  # 换成你的学号,运行后打印你的调用序列
# new compile for: first call, a new shape/dtype (np float64 becomes float32 here), each new mode value
predicted_compiles = 5
