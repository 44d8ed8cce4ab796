# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f10")
# ① weak int scale; ② same key; ③ weak float: new; ④ np.float32 scalar: new;
# ⑤ jnp.float32 scalar: a JAX array, not a NumPy scalar: new; ⑥ same as ①
predicted_compiles: int = 4
