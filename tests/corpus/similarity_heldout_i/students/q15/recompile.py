# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("q15")  # 换成你的学号,运行后打印你的调用序列
# int 的 2、7、3 一次;2.0 一次;np.float32 一次;jnp.float32 是 JAX 自己的类型,又一次
predicted_compiles = 4
