# Correct, written differently: one flag per call (1 = new cache key), summed into an int.
new_key = {
    "f32[3], weak f32 scale, mode=a": 1,
    "same types, other value": 0,
    "strong f32 scale": 1,
    "mode=b": 1,
    "float64 numpy -> f32 in 32-bit mode": 0,
    "weak i32 scale": 1,
}
predicted_compiles = sum(new_key.values())
