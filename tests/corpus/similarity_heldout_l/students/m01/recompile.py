# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m01")
# ints 2, 7, 3 share one key (weak int), 2.0 / np.float32 / jnp.float32 are 2 more keys
predicted_compiles: int = 3
