# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b17")

# ------------------------------------------------------------ keys -------
# 1 int scale (weak int)      -> new
# 2 int scale again           -> cached
# 3 float scale (weak float)  -> new
# 4 np.float32 (strong f32)   -> new
# 5 jnp.float32 (strong f32)  -> cached
# 6 int scale                 -> cached
# ------------------------------------------------------------ answer -----
predicted_compiles = 3
