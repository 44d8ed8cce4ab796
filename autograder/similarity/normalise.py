"""Rewrites that make disguised Python tokenise like the code it came from (trusted side, on
tree-sitter nodes of hostile text; nothing is run). Chosen by benchmarks/bench_similarity_disguise.py.

  * one name per operation: `jnp.where`, `lax.select` and `np.where` are `.where` (the module a
    function comes from is not kept: `jnp`, `lax` and `numpy` aliases are one token), and
    `jnp.add(a, b)` is `a + b` (likewise multiply, subtract, divide);
  * a helper whose body is one `return E` and whose name is used once (its call) is inlined: the
    call tokenises as E and the definition is dropped, so splitting a function or inlining one
    changes nothing;
  * independent neighbouring statements are put in one order (dependencies kept, ties by shape),
    so swapping two statements that do not touch each other's names changes nothing;
  * dead code is dropped: statements after `return`/`raise` in a block, and assignments inside a
    function to a name the answer never uses again;
  * a comprehension tokenises as the append loop it replaces: `[E for x in xs]` is
    `[] for x in xs: .append E`, and `acc = []; for x in xs: acc.append(E)` is the same stream
    (the receiver `acc` is not kept, see above).
Commutative operands are ordered in tokens.py (it needs the token text of each side).
`rewrite(node)` returns what the tokeniser walks instead of `node` (nodes and tokens), `[]` to
drop it, or None to walk it as written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from autograder.similarity.spans import Token

Node = Any  # a tree_sitter.Node

# Another library's or spelling's name for the same operation -> the name kept
ALIASES = {
    "select": "where",
    "max": "maximum",
    "min": "minimum",
    "neg": "negative",
    "mul": "multiply",
    "sub": "subtract",
    "div": "divide",
    "true_divide": "divide",
    "pow": "power",
    "reduce_sum": "sum",
    "reduce_max": "amax",
    "reduce_min": "amin",
    "max_": "maximum",
    "absolute": "abs",
    "concatenate": "concatenate",
    "concat": "concatenate",
}
# `lib.name(a, b)` that is an operator
BINARY = {"add": "+", "multiply": "*", "subtract": "-", "divide": "/", "power": "**"}
COMMUTATIVE = frozenset({"+", "*"})
_TERMINATORS = frozenset({"return_statement", "raise_statement", "continue_statement", "break_statement"})
_COMPREHENSIONS = frozenset({"list_comprehension", "generator_expression", "set_comprehension"})


def canonical_attribute(name: str) -> str:
    return ALIASES.get(name, name)


@dataclass(frozen=True)
class UnitFacts:
    """What rewrites need to know about the whole answer."""

    uses: Counter[bytes]  # identifier text -> occurrences in the answer
    reads: Counter[bytes]  # ... not counting those as the target of a plain `name = ...`
    inlined: dict[bytes, Node]  # helper name -> the expression its body returns

    @classmethod
    def empty(cls) -> UnitFacts:
        """For C++: only the language-neutral rewrites (commutative operands) apply."""
        return cls(Counter(), Counter(), {})


def _key(node: Node) -> tuple[int, int, str]:
    return (node.start_byte, node.end_byte, node.type)


def facts(root: Node, noise: Callable[[Node], bool]) -> UnitFacts:
    """`noise(statement)`: the tokeniser's rule for statements it drops (prints, docstrings, ...)."""
    uses: Counter[bytes] = Counter()
    stores: Counter[bytes] = Counter()
    helpers: dict[bytes, Node] = {}
    stack = [root]
    while stack:  # iterative: hostile nesting
        n = stack.pop()
        if n.type == "identifier":
            uses[n.text] += 1
            parent = n.parent
            if parent is not None and parent.type == "assignment" and parent.child_by_field_name("left") == n:
                stores[n.text] += 1
        elif n.type == "function_definition":
            body = n.child_by_field_name("body")
            name = n.child_by_field_name("name")
            stmts = [c for c in body.named_children if c.type != "comment" and not noise(c)] if body else []
            if name is not None and len(stmts) == 1 and stmts[0].type == "return_statement":
                returned = stmts[0].named_children
                if len(returned) == 1:
                    helpers[name.text] = returned[0]
        stack.extend(n.children)
    # used twice: its definition and one call (a recursive or unused helper is not inlined)
    inlined = {name: expr for name, expr in helpers.items() if uses[name] == 2}
    return UnitFacts(uses, uses - stores, inlined)


def _inside_function(node: Node) -> bool:
    p = node.parent
    for _ in range(200):
        if p is None:
            return False
        if p.type == "function_definition":
            return True
        p = p.parent
    return False


def _unused_assignment(node: Node, f: UnitFacts) -> bool:
    if node.type != "expression_statement" or node.named_child_count != 1:
        return False
    a = node.named_children[0]
    if a.type != "assignment" or a.child_by_field_name("right") is None:
        return False
    left = a.child_by_field_name("left")
    return (
        left is not None and left.type == "identifier" and f.reads[left.text] == 0 and _inside_function(node)
    )


def _call_parts(node: Node) -> tuple[Node, list[Node]] | None:
    fn = node.child_by_field_name("function")
    args = node.child_by_field_name("arguments")
    if fn is None or args is None or args.type != "argument_list":
        return None
    return fn, [c for c in args.named_children if c.type != "comment"]


def _comprehension(node: Node) -> list[Any]:
    at = (node.start_byte, node.start_byte + 1)
    body = node.named_children[0] if node.named_children else None
    clauses = [c for c in node.named_children[1:] if c.type in ("for_in_clause", "if_clause")]
    out: list[Any] = [Token("[", *at), Token("]", *at)] if node.type != "generator_expression" else []
    for c in clauses:
        out.extend(c.children)
    out.append(Token(":", *at))
    if node.type != "generator_expression":
        out.append(Token(".append", *at))
    if body is not None:
        out.append(body)
    return out


MAX_SHAPE = 400  # leaves of a statement that decide its place among independent neighbours


def _shape(node: Node) -> str:
    """A statement's leaves with names and literals abstracted (a rename does not move it)."""
    out: list[str] = []
    stack = [node]
    while stack and len(out) < MAX_SHAPE:
        n = stack.pop()
        if n.type == "identifier":
            out.append("N")
        elif n.type in ("string", "integer", "float", "true", "false", "none"):
            out.append("L")
        elif n.child_count == 0:
            out.append(n.type)
        else:
            stack.extend(reversed(n.children))
    return " ".join(out)


def _names(node: Node) -> tuple[set[bytes], set[bytes]]:
    """(used, written) identifiers of a simple statement; the receiver of a method call counts as
    written (`stack.append(v)` changes `stack`)."""
    reads: set[bytes] = set()
    writes: set[bytes] = set()
    stack = [(node, False)]
    while stack:
        n, written = stack.pop()
        if n.type == "identifier":
            (writes if written else reads).add(n.text)
            continue
        for c in n.children:
            if n.type == "attribute" and c == n.child_by_field_name("attribute"):
                continue  # `x.shape`: `shape` is no variable
            target = n.type in ("assignment", "augmented_assignment") and c == n.child_by_field_name("left")
            receiver = (
                n.type == "attribute"
                and c.type == "identifier"
                and c == n.child_by_field_name("object")
                and n.parent is not None
                and n.parent.type == "call"
                and n.parent.child_by_field_name("function") == n
            )
            stack.append((c, written or target or receiver))
    return reads | writes, writes


def _independent_order(stmts: list[Node]) -> list[Node]:
    """The statements in canonical order: each goes after every earlier one it depends on (shares a
    written name with), and among those free to go next the smallest shape goes first."""
    names = [_names(s) for s in stmts]
    after: list[set[int]] = [set() for _ in stmts]
    for j in range(len(stmts)):
        for i in range(j):
            (ri, wi), (rj, wj) = names[i], names[j]
            if wi & rj or wj & ri:
                after[j].add(i)
    shapes = [_shape(s) for s in stmts]
    placed: list[int] = []
    done: set[int] = set()
    while len(placed) < len(stmts):
        ready = [j for j in range(len(stmts)) if j not in done and after[j] <= done]
        j = min(ready, key=lambda k: (shapes[k], k))
        placed.append(j)
        done.add(j)
    return [stmts[j] for j in placed]


MAX_REORDERED_RUN = 40  # longer runs of simple statements keep their order (the sort is quadratic)


def _canonical_block(children: list[Node]) -> list[Node]:
    out: list[Node] = []
    run: list[Node] = []
    for c in [*children, None]:
        if c is not None and c.type == "expression_statement":
            run.append(c)
            continue
        out.extend(_independent_order(run) if 1 < len(run) <= MAX_REORDERED_RUN else run)
        run = []
        if c is not None:
            out.append(c)
    return out


def rewrite(node: Node, f: UnitFacts) -> list[Any] | None:
    kind = node.type
    if kind == "function_definition":
        name = node.child_by_field_name("name")
        return [] if name is not None and name.text in f.inlined else None
    if kind == "block":
        kept: list[Any] = []
        for c in node.children:
            if _unused_assignment(c, f):
                continue
            kept.append(c)
            if c.type in _TERMINATORS:
                break
        ordered = _canonical_block(kept)
        return ordered if ordered != list(node.children) else None
    if kind in _COMPREHENSIONS:
        return _comprehension(node)
    if kind == "attribute":
        obj, attr = node.child_by_field_name("object"), node.child_by_field_name("attribute")
        if attr is None or obj is None:
            return None
        token = Token(
            "." + canonical_attribute(attr.text.decode("utf-8", "replace")), attr.start_byte, attr.end_byte
        )
        return [token] if obj.type == "identifier" else [obj, token]
    if kind == "call":
        parts = _call_parts(node)
        if parts is None:
            return None
        fn, args = parts
        if fn.type == "identifier" and fn.text in f.inlined:
            return [f.inlined[fn.text]]
        if fn.type == "attribute" and len(args) == 2 and all(a.type != "keyword_argument" for a in args):
            attr = fn.child_by_field_name("attribute")
            op = BINARY.get(canonical_attribute(attr.text.decode("utf-8", "replace"))) if attr else None
            if op is not None:
                return [args[0], Token(op, fn.start_byte, fn.end_byte), args[1]]
    return None
