# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("p01")
# 1: new; 2: same avals; 3: float32 is not weak -> new; 4: mode="b" -> new;
# 5: float64 numpy becomes float32 (not weak) -> same as 3; 6: int weak -> new
predicted_compiles: int = 4
