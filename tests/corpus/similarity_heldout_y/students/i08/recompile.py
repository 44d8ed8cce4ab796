# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i08")
# ① int 2 (weak) compiles, ② int 7 the same, ③ float 2.0 is a weak float: new,
# ④ np.float32 is strong: new, ⑤ jnp.float32 strong like ④, ⑥ int 3 like ①
predicted_compiles = int(3)
