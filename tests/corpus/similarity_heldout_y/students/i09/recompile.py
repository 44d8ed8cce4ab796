# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i09")
predicted_compiles = 3  # ① g(ones(3), 2) compiles (weak int scale), ② 7 is the same weak int so it hits the cache, ③ 2.0 is a weak float, a new dtype in the key so it compiles, ④ np.float32(2.0) is a strong float32 so it compiles again, ⑤ jnp.float32(2.0) is also a strong float32 like ④ so cached, ⑥ 3 is a weak int like ① so cached
