# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('z20')  # 换成你的学号,运行后打印你的调用序列
# 2 和 7 都是弱类型整数,键相同;2.0 是弱类型浮点;np.float32 与 jnp.float32 同为非弱类型 float32
predicted_compiles = 3
