show_recompile_sequence("h02")
predicted_compiles = 5  # 形状变了、mode 变了、dtype 变了都会重新编译
