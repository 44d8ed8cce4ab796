# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
show_recompile_sequence("e12")
# ① 第一次调用,必然编译
# ② 形状从 (3,) 变成 (4,),重新编译
# ③ 2.0 换成 5.0,Python float 是弱类型,形状和 dtype 都没变,命中缓存
# ④ mode 是静态参数,"b" 是新值,重新编译
# ⑤ int32 输入,dtype 变了,重新编译
# ⑥ (4,) 加 mode="b",这个组合还没见过,重新编译
predicted_compiles = 5
