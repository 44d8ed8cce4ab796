# Degenerate: the number of calls shown, as if every call compiled.
calls = ["①", "②", "③", "④", "⑤", "⑥"]
predicted_compiles = len(calls)
