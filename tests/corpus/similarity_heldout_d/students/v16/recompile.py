# ① 第一次编译;② 新形状 (4,);③ 只换值;④ mode 是静态参数;
# ⑤ int32 输入;⑥ 形状 (4,) 配 mode b 也是新的
show_recompile_sequence("v16")
predicted_compiles = 2 + 3
