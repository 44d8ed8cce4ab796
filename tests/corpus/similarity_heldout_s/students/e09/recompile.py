def _new():
    return 1


def _hit():
    return 0


show_recompile_sequence("e09")
predicted_compiles = _new() + _new() + _new() + _new() + _hit() + _new()
