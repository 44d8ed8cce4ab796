# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("o05")
# Step 1: mode="b" -> compile
# Step 2: default mode, f32[3] -> compile
# Step 3: f32[2] -> compile
# Step 4: arange(3) is int32 -> compile
# Step 5: arange(3.0) is f32[3], same as step 2 -> cached
# Step 6: True is a bool, not a weak float -> compile
predicted_compiles = 5
