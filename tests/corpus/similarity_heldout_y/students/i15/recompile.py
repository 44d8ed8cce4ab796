# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("i15")
# ① int-schaal 2: compileren. ② 7: zelfde sleutel.
# ③ 2.0: ook een zwakke Python-scalar, net als 2, dus zelfde sleutel (denk ik).
# ④ np.float32: sterk type, opnieuw compileren. ⑤ jnp.float32: zelfde als ④. ⑥ 3: zelfde als ①.
predicted_compiles = 2
