show_recompile_sequence("c09")  # 打印我的调用序列(变体 5)
# ① mode="b":第一次,编译
# ② mode 默认 "a":静态参数不同,编译
# ③ 形状 (2,):形状变了,编译
# ④ arange(3) 是 int32:dtype 变了,编译
# ⑤ arange(3.0) 是 float32 (3,),和 ② 一样,命中缓存
# ⑥ True 是 bool 的 weak type,和 float 不一样,编译
predicted_compiles = 5  # 一共 5 次
