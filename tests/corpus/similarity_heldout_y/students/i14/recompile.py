# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i14")
# compiles at ① (f32[5], weak float), ② (f16 array), ③ (strong f16 scale), ④ (f32[6]);
# ⑤ is a float32 numpy array like ① -> cached; ⑥ passes mode="a" explicitly -> a new key
predicted_compiles = 4 + 1
