# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("f08")
keys = [
    ("f32[3]", "int32 weak", "a"),    # ①
    ("f32[3]", "int32 weak", "a"),    # ②
    ("f32[3]", "float32 weak", "a"),  # ③
    ("f32[3]", "float32", "a"),       # ④ np.float32
    ("f32[3]", "float32", "a"),       # ⑤ jnp.float32
    ("f32[3]", "int32 weak", "a"),    # ⑥
]
distinct = sorted(set(keys), key=keys.index)  # in the order they first appear
predicted_compiles = len(distinct)
