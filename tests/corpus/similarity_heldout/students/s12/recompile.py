# 练习 2
show_recompile_sequence("s12")
predicted_compiles = 5
