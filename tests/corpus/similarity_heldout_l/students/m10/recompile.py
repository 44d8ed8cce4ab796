# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m10")
# weak int scalar key, weak float scalar key, strong float32 scalar key (numpy and jax scalars alike)
predicted_compiles = 3
