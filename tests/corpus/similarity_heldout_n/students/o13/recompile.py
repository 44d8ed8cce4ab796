# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("o13")
# ① 编译;② 同一个键;③ 32 位模式下 float64 变成 float32,同一个键;
# ④ mode="b" 是新的静态值,编译;⑤ 和 ④ 相同;⑥ 形状 dtype 与 ① 相同
predicted_compiles = 2
