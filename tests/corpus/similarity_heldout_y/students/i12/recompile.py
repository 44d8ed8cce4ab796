# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i12")
# predicted_compiles = 6   # thought every call compiles; ② only changes a value though
# predicted_compiles = 3   # missed that jnp.float32(3.0) has a strong type
# ① first compile; ② same cache key; ③ strongly typed f32 scalar -> compiles; ④ mode="b" -> compiles;
# ⑤ the float64 NumPy array is float32 under x32, like ①; ⑥ Python int 2 is a weak int -> compiles
predicted_compiles = 4
