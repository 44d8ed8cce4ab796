# 先写预测:第一次编译,3.0 和 2.0 都是弱类型 float 不重编,jnp.float32(3.0) 是强类型要重编,
# mode="b" 重编,np float64 数组在 x64 关闭时变成 float32 不重编,整数 2 重编
show_recompile_sequence("k07")
predicted_compiles = 4
