show_recompile_sequence("t24")
predicted_compiles = 4
# 形状/dtype/weak type/静态参数变了才会重新编译
