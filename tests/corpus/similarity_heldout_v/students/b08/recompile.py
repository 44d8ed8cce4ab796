# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b08")
# int scale (weak) -> 1; 7 same; 2.0 weak float -> 2; np.float32 strong -> 3;
# jnp.float32 strong same as np.float32; 3 same as 2
n_compiles = 3
predicted_compiles = n_compiles
