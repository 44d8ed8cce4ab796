show_recompile_sequence("v11")
# weak float, weak float (same), strong f32, mode b, f64 numpy -> f32, weak int
predicted_compiles = 4
