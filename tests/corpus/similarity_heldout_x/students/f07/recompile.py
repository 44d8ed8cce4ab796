# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
def predict():
    compiles = 1  # ① float32[5] with a weak float scale
    compiles += 1  # ② float16 array: new dtype
    compiles += 1  # ③ jnp.float16 scale is a strong float16: new
    compiles += 1  # ④ shape (6,)
    # ⑤ a NumPy float32 array has the same key as ①
    # ⑥ mode="a" passed by keyword is a different call signature from the default: new
    return compiles + 1


show_recompile_sequence("f07")
predicted_compiles = predict()
