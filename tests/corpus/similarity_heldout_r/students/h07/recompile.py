show_recompile_sequence("h07")
# 2 和 7 是 int,同一个类型;2.0 是新的;np.float32 和 jnp.float32 一样
predicted_compiles = 3
