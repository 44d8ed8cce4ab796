# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("x05")
# (1) compiles. (2) scale 3.0 is still a weak float32 scalar: cached.
# (3) jnp.float32(3.0) is not weak: new key. (4) mode="b": new key.
# (5) float64 numpy array becomes float32 in x32 mode: same as (1), cached. (6) int 2 is a weak int: new key.
predicted_compiles = 4
