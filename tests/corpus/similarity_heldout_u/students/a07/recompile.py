show_recompile_sequence("a07")
# 第一次调用整数标量是弱类型 int32,第二次同样是弱类型 int32,不重新编译;
# 第三次 2.0 是弱类型 float32,是新的缓存键;第四次 np.float32 是强类型 float32,又是新的;
# 第五次 jnp.float32 同样是强类型 float32,命中第四次;第六次整数 3 命中第一次
number_of_compilations_i_expect = 3
predicted_compiles = number_of_compilations_i_expect
