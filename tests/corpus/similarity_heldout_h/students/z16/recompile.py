# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("z16")  # 换成你的学号,运行后打印你的调用序列
# ① 编译;② 命中;③ jnp.float32(3.0) 也是标量,命中;④ mode 变了;⑤ 转成 float32,命中;⑥ 整数 2,新的
predicted_compiles = 3
