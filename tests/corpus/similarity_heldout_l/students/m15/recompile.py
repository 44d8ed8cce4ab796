# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m15")
# 只有静态参数 mode 从 a 变到 b 时会再编译一次,其余形状 dtype 都一样(float64 会被降成 float32)
predicted_compiles = 2
