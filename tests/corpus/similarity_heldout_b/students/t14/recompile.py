show_recompile_sequence("t14")
predicted_compiles = 3
# 形状/dtype/weak type/静态参数变了才会重新编译
