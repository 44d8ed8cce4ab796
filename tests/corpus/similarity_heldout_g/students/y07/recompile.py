# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("y07")
# float16 array, float16 scalar (not weak), new shape, and explicit mode="a" are all new keys.
predicted_compiles: int = 5
