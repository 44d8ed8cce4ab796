show_recompile_sequence("a04")

# mode="b" first (1), default mode (2), shape (2,) (3), int32 arange (4),
# float arange of shape (3,) hits call 2 (cached), a bool scale is a new dtype (5)
predicted_compiles: int = 1 + 1 + 1 + 1 + 0 + 1
