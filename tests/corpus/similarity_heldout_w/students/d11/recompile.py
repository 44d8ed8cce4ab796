# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("d11")
try:
    predicted_compiles = int("5")  # 1,2,4,5,6 are new keys; 3 hits 1
except ValueError:
    predicted_compiles = 0
