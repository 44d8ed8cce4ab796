show_recompile_sequence('n02')
# ① 和 ② 都是 Python int:弱类型,同一个 key;③ 换成 float 要重编译;④ np.float32 与 ⑤ jnp.float32 是强类型 float32,又一个 key
predicted_compiles = 3
