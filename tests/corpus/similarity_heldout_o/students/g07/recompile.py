# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g07")  # 换成你的学号,运行后打印你的调用序列
# ints 2, 7, 3 -> one compile; 2.0, np.float32(2.0), jnp.float32(2.0) are all float32 -> one more
predicted_compiles = 2
