# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d09")
# ① 编译;② 只是标量的值变了,不编译;③ jnp.float32 不是弱类型,编译;
# ④ mode 是静态参数,编译;⑤ float64 在 32 位模式下变成 float32,不编译;⑥ int 标量是弱类型,又一个键,编译
次数 = [1, 0, 1, 1, 0, 1]
predicted_compiles = sum(次数)
