# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("b07")
# scale kinds of the six calls: int 2 / int 7 are both weak int32, 2.0 is weak f32,
# np.float32 and jnp.float32 are both strong f32, 3 is weak int32 again
kinds = ["weak_i32", "weak_i32", "weak_f32", "f32", "f32", "weak_i32"]
seen = []
for i in range(len(kinds)):
    if kinds[i] not in seen:
        seen.append(kinds[i])
predicted_compiles = len(seen)
