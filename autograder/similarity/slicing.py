"""What of a Python answer runs: the top-level statements the grader's entry points reach (trusted
side, on tree-sitter nodes of hostile text; nothing is run).

The checks call the functions (and read the names) the release's starter code names. A top-level
definition, import or assignment that nothing reachable from those names uses is dead: a dead
helper, an unused import or global dilutes the share of shared fingerprints (a copier adds them for
that), so it is not fingerprinted. Reachability is by name, over-approximated (every identifier a
live statement holds counts as read), so nothing the answer may call is dropped.
Top-level statements that bind nothing (a call, a loop registering targets) always run and are live,
and what they reach is live too (an answer that only registers rules has its unused helpers sliced).
When no top-level statement binds an entry point or binds nothing, nothing is sliced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Node = Any  # a tree_sitter.Node

_DEFINITIONS = frozenset({"function_definition", "class_definition"})


def _never(node: Node) -> bool:
    return False


def _identifiers(node: Node, skip: Node | None = None, noise: Callable[[Node], bool] = _never) -> set[bytes]:
    """The names `node` holds, but not those inside statements the tokeniser drops (`noise`: an
    `if False:` block calling a debugging helper does not keep that helper alive)."""
    out: set[bytes] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n is skip or (n is not node and noise(n)):
            continue
        if n.type == "identifier":
            out.add(n.text)
        stack.extend(n.children)
    return out


def _binding(node: Node, noise: Callable[[Node], bool] = _never) -> tuple[set[bytes], set[bytes]] | None:
    """(names bound, names read) of a top-level definition, import or assignment; None otherwise."""
    if node.type == "decorated_definition":
        inner = node.child_by_field_name("definition")
        if inner is None:
            return None
        bound, reads = _binding(inner, noise) or (set(), set())
        return bound, reads | {r for c in node.children if c.type == "decorator" for r in _identifiers(c)}
    if node.type in _DEFINITIONS:
        name = node.child_by_field_name("name")
        if name is None:
            return None
        return {name.text}, _identifiers(node, skip=name, noise=noise)
    if node.type in ("import_statement", "import_from_statement", "future_import_statement"):
        bound = set()
        for c in node.named_children:
            if c.type == "aliased_import":
                alias = c.child_by_field_name("alias")
                if alias is not None:
                    bound.add(alias.text)
            elif c.type == "dotted_name" and c != node.child_by_field_name("module_name"):
                bound.add(
                    c.text.split(b".")[-1] if node.type != "import_statement" else c.text.split(b".")[0]
                )
        return bound, set()
    if node.type == "expression_statement" and node.named_child_count == 1:
        a = node.named_children[0]
        if a.type in ("assignment", "augmented_assignment"):
            left, right = a.child_by_field_name("left"), a.child_by_field_name("right")
            if left is None:
                return None
            bound = (
                _identifiers(left) if left.type in ("identifier", "pattern_list", "tuple_pattern") else set()
            )
            if not bound:
                return None
            return bound, (_identifiers(right, noise=noise) if right is not None else set())
    return None


def _decorator_owners(node: Node) -> set[bytes]:
    """The objects whose methods decorate a decorated definition: `p` of `@p.def_abstract_eval` and of
    `@cb.defjvp(...)`."""
    owners: set[bytes] = set()
    if node.type != "decorated_definition":
        return owners
    for d in node.children:
        if d.type != "decorator" or not d.named_children:
            continue
        e = d.named_children[0]
        if e.type == "call":
            e = e.child_by_field_name("function") or e
        obj = e.child_by_field_name("object") if e.type == "attribute" else None
        if obj is not None and obj.type == "identifier":
            owners.add(obj.text)
    return owners


def dead_statements(root: Node, entry_points: frozenset[bytes], noise: Callable[[Node], bool]) -> set[int]:
    """Start bytes of the top-level statements nothing live reaches (empty: nothing sliced)."""
    chunks = [c for c in root.named_children if c.type != "comment" and not noise(c)]
    facts = [(c, _binding(c, noise)) for c in chunks]
    # A definition decorated with a method of an object the answer binds (`@p.def_abstract_eval`,
    # `@gammaln_cb.defjvp`) registers itself, as the call `p.def_abstract_eval(rule)` does: it runs
    # whenever its object is live, so it is a root, although nothing reads its name.
    bound_here = {name for _, b in facts if b is not None for name in b[0]}
    facts = [(c, None if _decorator_owners(c) & bound_here else b) for c, b in facts]
    # roots: what binds an entry point, and what binds nothing (a registration such as
    # `ad.primitive_jvps[p] = rule`, a call): both run whatever the grader calls
    if not any(b is None or b[0] & entry_points for _, b in facts):
        return set()
    live: set[int] = set()
    wanted: set[bytes] = set(entry_points)
    changed = True
    while changed:
        changed = False
        for i, (c, b) in enumerate(facts):
            if i in live:
                continue
            if b is None or b[0] & wanted:
                live.add(i)
                wanted |= _identifiers(c, noise=noise) if b is None else b[1]
                changed = True
    return {c.start_byte for i, (c, _) in enumerate(facts) if i not in live}
