# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("s08")
# 我觉得 float64 的 numpy 数组会多编译一次, python int 和 float 应该一样
predicted_compiles = 3
