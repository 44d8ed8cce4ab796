# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g02")
# 第 1 次编译;float16 数组换了 dtype 再编译;jnp.float16 标量是强类型再编译;
# 形状 (6,) 再编译;np.float32 数组与 jnp 数组同一个 aval 不编译;mode="a" 写出来也算关键字参数,再编译一次
predicted_compiles = 5
