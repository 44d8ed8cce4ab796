# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("o11")
# 第一次 mode="b";第二次默认 mode;(2,) 新形状;arange(3) 是 int32;
# arange(3.0) 与第二次相同;True 是 bool 标量,又一次编译
predicted_compiles = 5
