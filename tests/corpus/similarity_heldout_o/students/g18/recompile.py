# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g18")  # 换成你的学号,运行后打印你的调用序列
# 1. int 标量(弱类型) 2. float 标量(弱类型) 3. np/jnp float32(强类型)
predicted_compiles = 3
