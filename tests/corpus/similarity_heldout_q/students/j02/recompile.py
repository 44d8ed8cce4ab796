# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("j02")
# int 和 float 的 weak type 不同;np.float32 和 jnp.float32 是同一个 key
predicted_compiles = 3
