# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g03")  # 换成你的学号,运行后打印你的调用序列

# The float64 numpy array becomes float32 (x64 is off), so calls 1, 2, 3, 6 share one trace;
# calls 4 and 5 (mode="b") share the second.
predicted_compiles = 2
