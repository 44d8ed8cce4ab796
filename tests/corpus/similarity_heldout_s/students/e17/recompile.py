show_recompile_sequence("e17")


def _predict():
    keys = set()
    def call(key):
        keys.add(key)
    call(('f32[3]', 'weak f32', 'b'))
    call(('f32[3]', 'weak f32', 'a'))
    call(('f32[2]', 'weak f32', 'a'))
    call(('i32[3]', 'weak f32', 'a'))
    call(('f32[3]', 'weak f32', 'a'))
    call(('f32[3]', 'bool', 'a'))
    return len(keys)
predicted_compiles = _predict()
