# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g01")  # 换成你的学号,运行后打印你的调用序列
predicted_compiles = 3  # int 2 and 7 share a key, then 2.0 (weak float) and np/jnp float32 (strong)
