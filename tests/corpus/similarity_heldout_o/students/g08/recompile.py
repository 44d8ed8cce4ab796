# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("g08")

predicted_compiles=3 # int 2 and 7 share a key, then 2.0 (weak float) and np/jnp float32 (strong)
