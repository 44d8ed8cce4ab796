# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("p19")  # my own sequence, variant 6
# Calls one and five share a key (NumPy float32 array == jnp float32 array); six repeats the default mode.
predicted_compiles = 5
