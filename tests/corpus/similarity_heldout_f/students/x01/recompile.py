# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("x01")
# 1: compile; 2: new shape (4,) -> compile; 3: same key as 1 -> cached;
# 4: mode="b" is a new static value -> compile; 5: int32 input -> compile; 6: shape (4,) with mode b -> compile
predicted_compiles: int = 5
