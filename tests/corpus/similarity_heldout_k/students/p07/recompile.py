# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("p07")
# Step 1: (3,) f32 with mode b. Step 2: mode a -> new. Step 3: shape (2,) -> new.
# Step 4: arange(3) is int32 -> new. Step 5: arange(3.0) is float32 like step 2 -> hit.
# Step 6: True is a weak bool -> new.
predicted_compiles = 5
