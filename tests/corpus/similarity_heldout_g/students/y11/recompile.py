# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence('y11')
# int scale -> weak int32; 2.0 -> weak float32; np.float32 / jnp.float32 -> strong float32 (same key)
predicted_compiles = 3
