# ✍️ 作答区:练习 2(先写下预测,不要先运行你的调用序列)
def count_compiles(
    *,
    new_keys: list[bool],
) -> int:
    """Compiles = calls whose cache key (shapes, dtypes, weak types, static args) is new."""
    return sum(
        new_keys
    )


show_recompile_sequence("f04")
predicted_compiles = count_compiles(
    new_keys=[
        True, False, False,
        True, False, False,
    ]
)
