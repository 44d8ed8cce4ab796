# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("o02")  # 换成你的学号,运行后打印你的调用序列
# ① 编译;② float16 数组,新 dtype;③ float16 标量不是 weak type;④ 形状 (6,);
# ⑤ NumPy float32 和 ① 一样,命中缓存;⑥ 显式写出 mode="a",缓存键和 ① 不同
predicted_compiles = 5
