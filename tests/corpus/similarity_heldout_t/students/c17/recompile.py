from typing import Final

show_recompile_sequence("c17")
CACHE_HITS: Final = 1  # ③ 只有 scale 的值变了
predicted_compiles: Final[int] = 6 - CACHE_HITS
