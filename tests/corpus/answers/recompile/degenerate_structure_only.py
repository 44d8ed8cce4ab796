# Degenerate: the taught tool, counting nothing (no call runs inside it).
with CompileCounter("g") as cc:
    pass
predicted_compiles = cc.count
