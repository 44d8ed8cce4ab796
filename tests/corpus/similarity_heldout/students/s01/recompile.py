show_recompile_sequence("s01")
predicted_compiles = 5
# ① 编译  ② 命中  ③ 强类型 float32 标量,重新编译
# ④ mode 是静态参数,换值重新编译  ⑤ 形状变了,重新编译  ⑥ int 标量 -> weak int32,重新编译
