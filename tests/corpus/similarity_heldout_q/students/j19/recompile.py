show_recompile_sequence("j19")
predicted_compiles = 5  # float16 两次、新形状、显式 mode="a" 各算一次
