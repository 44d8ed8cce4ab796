# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("n17")
# 第一步:mode b 编译;第二步:mode a 编译;第三步:形状 2 编译;第四步:int32 编译;第五步:arange(3.0) 命中;第六步:True 是 bool,编译
predicted_compiles = 5
