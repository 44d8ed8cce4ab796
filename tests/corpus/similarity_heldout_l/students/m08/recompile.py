# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m08")
# ① 编译;② 同键;③ 非 weak 的 f32 标量,新键;④ mode=b;⑤ float64 在 32 位下变 f32,同①;⑥ int 2 是 weak int,新键
predicted_compiles = 4
