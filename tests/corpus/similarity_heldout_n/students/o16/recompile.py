# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("o16")  # 换成你的学号,运行后打印你的调用序列
# 2 -> int 弱类型, 编译; 7 -> 命中; 2.0 -> float 弱类型, 编译
# np.float32(2.0) 编译; jnp.float32(2.0) 又是另一种, 编译; 3 -> 命中
predicted_compiles = 4
