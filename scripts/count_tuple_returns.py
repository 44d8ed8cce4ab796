"""Count the functions of autograder/ that return positional tuples (STYLE.md: frozen dataclasses instead).

    .venv/bin/python scripts/count_tuple_returns.py [--list] [ROOT]

A function counts when its return annotation is a fixed-length `tuple[A, B, ...]` (not the
variable-length `tuple[X, ...]`) or one of its own `return` statements returns a tuple display of
two or more items. Public functions (no leading underscore, in a module without one) are the ones
whose tuples cross a module boundary; the private ones are printed apart.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "autograder"


def _fixed_tuple(annotation: ast.expr | None) -> bool:
    if not isinstance(annotation, ast.Subscript):
        return False
    name = annotation.value
    if not (isinstance(name, ast.Name) and name.id in ("tuple", "Tuple")):
        return False
    items = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
    return len(items) >= 2 and not any(isinstance(i, ast.Constant) and i.value is Ellipsis for i in items)


def _own_returns(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Return]:
    found: list[ast.Return] = []
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue  # a nested function's returns are its own
        if isinstance(node, ast.Return):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def tuple_returners(root: Path) -> list[tuple[str, int, str, bool]]:
    rows = []
    for path in sorted(root.rglob("*.py")):
        module_private = any(
            part.startswith("_") and part != "__init__.py" for part in path.relative_to(root).parts
        )
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            returns_tuple = _fixed_tuple(node.returns) or any(
                isinstance(r.value, ast.Tuple) and len(r.value.elts) >= 2 for r in _own_returns(node)
            )
            if returns_tuple:
                public = not node.name.startswith("_") and not module_private
                rows.append((str(path.relative_to(root.parent)), node.lineno, node.name, public))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", type=Path, default=ROOT)
    ap.add_argument("--list", action="store_true", help="print every function found")
    args = ap.parse_args()
    rows = tuple_returners(args.root)
    if args.list:
        for path, line, name, public in rows:
            print(f"{path}:{line}: {name}{'' if public else ' (private)'}")
    public = sum(1 for r in rows if r[3])
    print(
        f"functions returning positional tuples: {len(rows)} ({public} public, {len(rows) - public} private)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
