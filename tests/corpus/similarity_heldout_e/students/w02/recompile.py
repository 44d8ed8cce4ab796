show_recompile_sequence("w02")
# 1: new (mode="b"), 2: default mode is a different static value, 3: new shape,
# 4: int32 input, 5: float arange matches call 2, 6: a bool scalar is a new weak type
predicted_compiles: int = 5
