# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("x20")
# Weak int (1, 2, 6), weak float (3), strong float32 (4 and 5: numpy and jnp scalars behave alike).
predicted_compiles: int = 3
