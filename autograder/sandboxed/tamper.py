"""Notice when student code replaced a function the probes rely on (runs in the child).

`Snapshot.take(names)` resolves dotted names such as "jax.jit" or "jax.stages.Lowered.as_text"
before any student code runs and keeps the objects themselves (so an id cannot be reused) plus
their code objects and defaults (so an in-place `f.__code__ = ...` is noticed as well).
`snapshot.changed()` re-resolves every name and lists those that no longer give the same thing.
Module globals of the probe modules are snapshotted the same way (`take_module`), so a notebook
cannot swap the `jnp` a probe calls.

This is a tripwire, not a wall: student code shares the process with the probes.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

_MISSING = object()


def resolve(dotted: str) -> Any:
    """The object a dotted name denotes: longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except Exception:  # ImportError, or whatever a poisoned sys.modules entry raises
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except Exception:
            return _MISSING
        return obj
    return _MISSING


def _fingerprint(obj: Any) -> tuple[Any, ...]:
    """What must stay identical: the object, and for Python functions their code and defaults."""
    try:
        func = getattr(obj, "__func__", obj)  # bound/class methods
        return (obj, getattr(func, "__code__", None), getattr(func, "__defaults__", None),
                getattr(func, "__kwdefaults__", None))
    except Exception:  # an object whose attribute access raises cannot be the one recorded
        return (obj, _MISSING, _MISSING, _MISSING)


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return all(x is y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class Snapshot:
    entries: dict[str, tuple[Any, ...]]  # label -> fingerprint taken before student code ran

    @classmethod
    def take(cls, names: list[str] | tuple[str, ...]) -> Snapshot:
        return cls({name: _fingerprint(resolve(name)) for name in names})

    @classmethod
    def take_module(cls, module: ModuleType) -> Snapshot:
        """Every global of `module` (its imports and helper functions)."""
        return cls({f"{module.__name__}.{k}": _fingerprint(v) for k, v in vars(module).items()
                    if not k.startswith("__")})

    def merged(self, other: Snapshot) -> Snapshot:
        return Snapshot({**self.entries, **other.entries})

    def changed(self, labels: list[str] | tuple[str, ...] | None = None) -> list[str]:
        """Labels (dotted names) whose object is no longer the one recorded."""
        out = []
        for label in self.entries if labels is None else labels:
            before = self.entries.get(label)
            if before is None:
                continue
            if not _same(before, _fingerprint(resolve(label))):
                out.append(label)
        return sorted(out)
