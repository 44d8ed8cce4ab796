# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("k02")
# 第 1 次编译;float16 的 x 重新编译;float16 的 scale 是强类型,重新编译;
# 形状 (6,) 重新编译;np.float32 数组与第 1 次相同;显式 mode="a" 与默认值的缓存键不同
predicted_compiles = 5
