show_recompile_sequence("a05")

# bool scale: new dtype (5); arange(3.0) same as call 2, cached; int32 arange: new (4);
# shape (2,): new (3); default mode: new (2); mode="b" first: (1)
predicted_compiles: int = 1 + 0 + 1 + 1 + 1 + 1
