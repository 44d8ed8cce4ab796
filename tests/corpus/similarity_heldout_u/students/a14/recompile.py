show_recompile_sequence("a14")
calls = ["f32[3] a", "f32[4] a", "f32[3] a", "f32[3] b", "i32[3] a", "f32[4] b"]
predicted_compiles = 0
for i, key in enumerate(calls):
    if key in calls[:i]:
        continue
    predicted_compiles += 1
