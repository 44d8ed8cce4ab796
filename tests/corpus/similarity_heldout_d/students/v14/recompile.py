show_recompile_sequence('v14')
# 1 compile, 2 new shape, 3 cached, 4 mode b, 5 int32, 6 shape 4 with mode b
predicted_compiles: int = 5
