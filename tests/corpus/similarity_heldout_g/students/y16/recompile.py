# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y16")
# 布尔标量 True 也是一个新的缓存键
predicted_compiles = 5
