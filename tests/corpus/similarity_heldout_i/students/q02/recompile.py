# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('q02')
# 2 和 7 都是弱类型 int,同一个缓存键;2.0 是弱 float;np.float32 与 jnp.float32 都是强 float32
predicted_compiles = 3
