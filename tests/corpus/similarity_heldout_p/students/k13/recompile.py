show_recompile_sequence("k13")
# mode="b" first, then mode "a"; a new shape (2,); int32 input; the float arange hits call 2; a bool scale
predicted_compiles = 5
