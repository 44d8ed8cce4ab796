import operator

show_recompile_sequence("c10")
predicted_compiles = operator.add(1, 1)  # ① 和 ④ 各编译一次,其余命中
