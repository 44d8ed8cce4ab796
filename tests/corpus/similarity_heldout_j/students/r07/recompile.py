# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
# Step 1: my own sequence
show_recompile_sequence("r07")
# Step 2: int scale (weak int32) once, float scale (weak float32) once, np.float32 / jnp.float32 are strong float32 once
predicted_compiles = 3
