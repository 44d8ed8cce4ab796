# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("r10")
# (1) compiles; (2) same key; (3) strong float32 scalar; (4) new static mode;
# (5) float64 numpy becomes float32 in x32 mode, same as (1); (6) weak int scale
predicted_compiles = 4
