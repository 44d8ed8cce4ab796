show_recompile_sequence("a09")
# 1. ① 第一次,编译
# 2. ② 形状 (4,),编译
# 3. ③ 只换标量的值,不编译
# 4. ④ mode="b",编译
# 5. ⑤ int32 输入,编译
# 6. ⑥ 形状 (4,) 加 mode="b",编译
predicted_compiles = 5
