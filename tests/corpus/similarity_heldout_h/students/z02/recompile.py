# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('z02')  # 换成你的学号,运行后打印你的调用序列
# 整数 2 和 7 是同一个弱类型 int32,2.0 是弱类型 float32,np.float32 和 jnp.float32 都是强类型 float32
predicted_compiles = 3
