# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("x02")  # 我的学号
# 形状变了、mode 变了、dtype 变了都会重新编译;③ 只是 scale 的值不同,命中缓存
predicted_compiles = 5
