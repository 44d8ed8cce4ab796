# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("m17")
# 编译两次:mode a 一次,mode b 一次
predicted_compiles = 2
