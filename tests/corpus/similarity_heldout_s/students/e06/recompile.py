import enum


class Cache(enum.Enum):
    MISS = 1
    HIT = 0


show_recompile_sequence("e06")
predicted_compiles = sum(c.value for c in [Cache.MISS, Cache.HIT, Cache.HIT, Cache.MISS, Cache.HIT, Cache.HIT])
