# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i02")
# predicted_compiles = 6   # every call new? no, ② only changes the value
# predicted_compiles = 3   # forgot that jnp.float32(3.0) is not weak
# ① compiles, ② same key, ③ strong float32 scalar -> new, ④ mode="b" -> new,
# ⑤ numpy float64 becomes float32 in x32 mode, same as ①, ⑥ python int 2 -> weak int32, new
predicted_compiles = 4
