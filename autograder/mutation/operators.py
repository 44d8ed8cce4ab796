"""Mutation operators for reference answers: Python at the AST level, C++ kernels at the token level.

A mutant is one small, deliberate bug in a correct answer. The hidden checks are strong when they
give it fewer than full points ("kill" it). Every operator here yields each place it applies to as
its own mutant, with a stable id (`operator:line:column[:variant]`) so that a reviewed list of
equivalent mutants (tests/corpus/mutants/equivalent.txt) keeps naming the same ones.

Trusted, instructor-side code: it only rewrites the project's own reference answers, never a
student's, and runs nothing.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Mutant:
    exercise: str
    id: str  # operator:line:col[:variant]
    description: str
    cells: tuple[str, ...]  # the exercise's answer cells with the mutation applied


# ------------------------------------------------------------------------------------------ Python

BINOP_SWAPS: dict[type, type] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.Pow: ast.Mult,
    ast.FloorDiv: ast.Div,
}
COMPARE_SWAPS: dict[type, type] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


def _where_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and len(node.args) == 3
        and isinstance(node.func, ast.Attribute | ast.Name)
        and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "where"
    )


def _constant_variants(value: object) -> list[object]:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1] if value not in (0, 1) else [1 - value, 2]
    if isinstance(value, float):
        return [1.0] if value == 0.0 else [0.0, value * 2]
    return []


# Each rule: (name, applies(node) -> list of variant labels, rewrite(node, label) -> replacement node).
# A replacement of None deletes the statement.
Rule = tuple[str, Callable[[ast.AST], list[str]], Callable[[ast.AST, str], ast.AST | list[ast.stmt] | None]]


def _binop_variants(n: ast.AST) -> list[str]:
    return ["swap"] if isinstance(n, ast.BinOp) and type(n.op) in BINOP_SWAPS else []


def _binop_rewrite(n: ast.AST, _v: str) -> ast.AST:
    assert isinstance(n, ast.BinOp)
    return ast.BinOp(n.left, BINOP_SWAPS[type(n.op)](), n.right)


def _compare_variants(n: ast.AST) -> list[str]:
    ok = isinstance(n, ast.Compare) and len(n.ops) == 1 and type(n.ops[0]) in COMPARE_SWAPS
    return ["flip"] if ok else []


def _compare_rewrite(n: ast.AST, _v: str) -> ast.AST:
    assert isinstance(n, ast.Compare)
    return ast.Compare(n.left, [COMPARE_SWAPS[type(n.ops[0])]()], n.comparators)


def _negate_variants(n: ast.AST) -> list[str]:
    if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
        return ["drop"]
    return ["neg"] if isinstance(n, ast.Return) and n.value is not None else []


def _negate_rewrite(n: ast.AST, v: str) -> ast.AST:
    if v == "drop":
        assert isinstance(n, ast.UnaryOp)
        return n.operand
    assert isinstance(n, ast.Return) and n.value is not None
    if isinstance(n.value, ast.Tuple):  # negate the first element of a returned tuple
        return ast.Return(
            ast.Tuple([ast.UnaryOp(ast.USub(), n.value.elts[0]), *n.value.elts[1:]], ast.Load())
        )
    return ast.Return(ast.UnaryOp(ast.USub(), n.value))


def _constant_labels(n: ast.AST) -> list[str]:
    if not isinstance(n, ast.Constant) or isinstance(n.value, str | bytes) or n.value is None:
        return []
    return [repr(v) for v in _constant_variants(n.value)]


def _constant_rewrite(n: ast.AST, v: str) -> ast.AST:
    return ast.Constant(ast.literal_eval(v))


def _keyword_labels(n: ast.AST) -> list[str]:
    if not isinstance(n, ast.keyword) or n.arg not in ("axis", "keepdims", "axes"):
        return []
    if n.arg == "keepdims":
        return ["flip"]
    return ["0", "None", "-1"]


def _keyword_rewrite(n: ast.AST, v: str) -> ast.AST:
    assert isinstance(n, ast.keyword)
    if v == "flip":
        return ast.keyword(n.arg, ast.UnaryOp(ast.Not(), n.value))
    return ast.keyword(n.arg, ast.Constant(ast.literal_eval(v)))


def _where_labels(n: ast.AST) -> list[str]:
    return ["then", "else"] if _where_call(n) else []


def _where_rewrite(n: ast.AST, v: str) -> ast.AST:
    assert isinstance(n, ast.Call)
    return n.args[1] if v == "then" else n.args[2]


def _branch_labels(n: ast.AST) -> list[str]:
    if isinstance(n, ast.If):
        return ["body", "orelse"]
    return ["then", "else"] if isinstance(n, ast.IfExp) else []


def _branch_rewrite(n: ast.AST, v: str) -> ast.AST | list[ast.stmt]:
    if isinstance(n, ast.IfExp):
        return n.body if v == "then" else n.orelse
    assert isinstance(n, ast.If)
    chosen = n.body if v == "body" else n.orelse
    return chosen or [ast.Pass()]


def _swap_labels(n: ast.AST) -> list[str]:
    if not isinstance(n, ast.Call) or len(n.args) < 2 or any(isinstance(a, ast.Starred) for a in n.args[:2]):
        return []
    return ["swap"]


def _swap_rewrite(n: ast.AST, _v: str) -> ast.AST:
    assert isinstance(n, ast.Call)
    return ast.Call(n.func, [n.args[1], n.args[0], *n.args[2:]], n.keywords)


RULES: list[Rule] = [
    ("binop", _binop_variants, _binop_rewrite),
    ("compare", _compare_variants, _compare_rewrite),
    ("negate", _negate_variants, _negate_rewrite),
    ("constant", _constant_labels, _constant_rewrite),
    ("keyword", _keyword_labels, _keyword_rewrite),
    ("where", _where_labels, _where_rewrite),
    ("branch", _branch_labels, _branch_rewrite),
    ("swap_args", _swap_labels, _swap_rewrite),
]


def _return_input_sites(tree: ast.Module) -> Iterator[tuple[ast.Return, str]]:
    """Every `return` inside a function, paired with the function's first parameter."""
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef) and fn.args.args:
            for node in ast.walk(fn):
                if isinstance(node, ast.Return) and node.value is not None:
                    yield node, fn.args.args[0].arg


class _Replace(ast.NodeTransformer):
    def __init__(self, target: ast.AST, replacement: ast.AST | list[ast.stmt] | None) -> None:
        self.target, self.replacement = target, replacement

    def visit(self, node: ast.AST):  # noqa: ANN201 (NodeTransformer's own contract)
        if node is self.target:
            return self.replacement
        return super().visit(node)


Rewrite = Callable[[ast.AST], "ast.AST | list[ast.stmt] | None"]


def _apply(source: str, index: int, rewrite: Rewrite) -> str | None:
    """`source` with its `index`-th node (ast.walk order) rewritten; None when that does not compile.

    The source is parsed afresh for every mutant, so rewrites may reuse the node's children freely.
    """
    tree = ast.parse(source)
    node = next(n for i, n in enumerate(ast.walk(tree)) if i == index)
    new = _Replace(node, rewrite(node)).visit(tree)
    ast.fix_missing_locations(new)
    try:
        text = ast.unparse(new)
        compile(text, "<mutant>", "exec")
    except (SyntaxError, ValueError, TypeError):
        return None
    return text


def _statement_drop_ok(stmt: ast.AST, tree: ast.Module) -> bool:
    """Top-level assignments and calls (registrations): their loss is a real bug."""
    if stmt not in tree.body or not isinstance(stmt, ast.Assign | ast.AugAssign | ast.Expr):
        return False
    return not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))


def python_mutants(exercise: str, cells: list[str], cell_index: int) -> Iterator[Mutant]:
    """Every single-site mutant of answer cell `cell_index` (the other cells unchanged)."""
    source = cells[cell_index]
    if source.lstrip().startswith("%%"):
        return
    tree = ast.parse(source)
    seen = {ast.unparse(tree)}
    returns = {id(ret): param for ret, param in _return_input_sites(tree)}

    def emit(op: str, node: ast.AST, label: str, new: str | None) -> Iterator[Mutant]:
        if new is None or new in seen:
            return
        seen.add(new)
        line, col = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        mutated = list(cells)
        mutated[cell_index] = new
        yield Mutant(
            exercise,
            f"c{cell_index}:{op}:{line}:{col}:{label}",
            f"{op} ({label}) at line {line}",
            tuple(mutated),
        )

    for index, node in enumerate(ast.walk(tree)):
        for op, labels, rewrite in RULES:
            for label in labels(node):
                yield from emit(op, node, label, _apply(source, index, lambda n, r=rewrite, v=label: r(n, v)))
        if id(node) in returns:
            param = returns[id(node)]
            yield from emit(
                "return_input",
                node,
                param,
                _apply(source, index, lambda _n, p=param: ast.Return(ast.Name(p, ast.Load()))),
            )
        if _statement_drop_ok(node, tree):
            yield from emit("drop_stmt", node, "drop", _apply(source, index, lambda _n: None))


# ---------------------------------------------------------------------------------------------- C++

CXX_OPERATOR = re.compile(r"(?<![+\-*/<>=!&|])([+\-*/])(?![+\-*/=>])")
CXX_FLOAT = re.compile(r"\b(\d+\.\d*)f\b")
CXX_LOCAL_FLOAT = re.compile(r"^(\s*)float(\s+\w+\s*=)")
CXX_SWAP = {"+": "-", "-": "+", "*": "/", "/": "*"}


def _cxx_code_lines(text: str) -> Iterator[tuple[int, str]]:
    for n, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if stripped.startswith(("#", "//", "%%", "XLA_FFI", "ffi::Ffi")) or not stripped:
            continue
        yield n, line


def cxx_mutants(exercise: str, cells: list[str], cell_index: int) -> Iterator[Mutant]:
    """Operator, constant and dtype mutants of a `%%writefile x.cc` cell's C++ source."""
    text = cells[cell_index]
    lines = text.splitlines()
    for n, line in _cxx_code_lines(text):
        code = line.split("//", 1)[0]
        found: list[tuple[str, int, str]] = []
        for m in CXX_OPERATOR.finditer(code):
            if m.group(1) == "*" and re.search(r"(const\s+)?\w+\s*\*\s*\w+\s*=|\w+\*\s", code[: m.end() + 1]):
                continue  # a pointer declaration, not a product
            if m.group(1) == "-" and code[m.end() : m.end() + 1] == ">":
                continue
            found.append(("operator", m.start(1), CXX_SWAP[m.group(1)]))
        for m in CXX_FLOAT.finditer(code):
            value = float(m.group(1))
            found.append(("constant", m.start(1), f"{(0.0 if value else 1.0) if value != 1.0 else 2.0:.1f}f"))
        if m := CXX_LOCAL_FLOAT.match(code):
            found.append(("dtype", len(m.group(1)), "int"))
            found.append(("dtype", len(m.group(1)), "double"))
        for op, col, new in found:
            if op == "operator":
                mutated_line = line[:col] + new + line[col + 1 :]
            elif op == "constant":
                end = CXX_FLOAT.match(line, col)
                assert end is not None
                mutated_line = line[:col] + new + line[end.end() :]
            else:
                mutated_line = line[:col] + new + line[col + len("float") :]
            mutated = list(cells)
            mutated[cell_index] = "\n".join([*lines[:n], mutated_line, *lines[n + 1 :]]) + "\n"
            yield Mutant(
                exercise,
                f"c{cell_index}:cxx_{op}:{n + 1}:{col}:{new}",
                f"C++ {op} -> {new} at line {n + 1}",
                tuple(mutated),
            )


def mutants(exercise: str, cells: list[str]) -> list[Mutant]:
    """Every mutant of an exercise's answer cells (Python cells by AST, `%%writefile *.cc` cells by token)."""
    out: list[Mutant] = []
    for i, cell in enumerate(cells):
        head = cell.lstrip().split("\n", 1)[0]
        if head.startswith("%%writefile") and head.rstrip().endswith((".cc", ".cpp")):
            out.extend(cxx_mutants(exercise, cells, i))
        else:
            out.extend(python_mutants(exercise, cells, i))
    return out
