# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i16")
# keys seen so far: (shape, dtype, weak type, mode)
# ① (3,) f32, weak float, a -> new
# ② same key
# ③ jnp.float32(3.0) is strong -> new
# ④ mode b -> new
# ⑤ float64 numpy array -> float32 in x32 mode, same as ①
# ⑥ int 2 -> weak int, new
predicted_compiles = 4
