show_recompile_sequence("h13")
# 1. mode b  2. mode a  3. shape (2,)  4. int32  5. float arange (same as 2? no: arange(3.0) is float32, shape 3 -> same as 2)
# 6. scale True is bool -> new
predicted_compiles = 5
