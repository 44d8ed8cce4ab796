show_recompile_sequence("t21")
predicted_compiles = 5
# 形状/dtype/weak type/静态参数变了才会重新编译
