import enum
show_recompile_sequence("c19")
class Outcome(enum.Enum):
    COMPILE = 1
    CACHED = 0
sequence = [
    Outcome.COMPILE,
    Outcome.CACHED,
    Outcome.COMPILE,
    Outcome.COMPILE,
    Outcome.CACHED,
    Outcome.COMPILE,
]
predicted_compiles = sum(o.value for o in sequence)
