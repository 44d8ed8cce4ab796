show_recompile_sequence("p17")
# ③ 只是数值不同;其余每次都有新的形状/dtype/mode
predicted_compiles = 5
