show_recompile_sequence("p20")
# 1 new / 2 hit / 3 strong f32 new / 4 static mode new / 5 np f64->f32 = 3 / 6 weak int new
predicted_compiles = 4
