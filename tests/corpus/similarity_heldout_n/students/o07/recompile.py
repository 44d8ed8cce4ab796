show_recompile_sequence('o07')
# new keys: (3,) f32 / (4,) f32 / mode b / int32 / (4,) with mode b; 5.0 hits the first one
predicted_compiles = 5
