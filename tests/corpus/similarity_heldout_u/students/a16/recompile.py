show_recompile_sequence("a16")

#: Predicted number of XLA compilations of ``g`` for my sequence.
#: Cache keys: (f32[3], b), (f32[3], a), (f32[2], a), (i32[3], a), (f32[3], a) again, (f32[3], bool).
predicted_compiles = 5
