# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("x10")
# Calls that compile: 1 (first), 2 (float16 x), 3 (float16 scale is not weak),
# 4 (shape 6). Call 5 is a numpy float32 array of shape 5: hits 1.
# Call 6 passes mode="a" explicitly, which is a different cache key from leaving the default.
predicted_compiles: int = 5
