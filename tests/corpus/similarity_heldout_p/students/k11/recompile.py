from collections import namedtuple

show_recompile_sequence("k11")
Key = namedtuple("Key", "shape x_dtype scale_type mode")
seen = {
    Key((5,), "f32", "weak", "default"),
    Key((5,), "f16", "weak", "default"),
    Key((5,), "f32", "f16", "default"),
    Key((6,), "f32", "weak", "default"),
    Key((5,), "f32", "weak", "a"),
}
predicted_compiles = len(seen)
