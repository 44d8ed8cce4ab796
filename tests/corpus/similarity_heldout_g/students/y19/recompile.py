# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('y19')
# 整数标量、浮点标量、强类型 float32 标量,各一个缓存键
predicted_compiles = 3
