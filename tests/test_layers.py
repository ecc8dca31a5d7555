"""The layers of ARCHITECTURE.md, checked on the source: `db/` depends on the rules core (and the pure
tournament core) only, never on the app or its version; and no module imports one that imports it
back, at any depth (a circle makes the order of imports matter and hides which module owns a rule)."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "cardscans", "db")


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """Every project module `path` imports, at the top or inside a function (`from pkg import mod`
    imports the module `pkg.mod`)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in modules else node.module)
    return found & modules


def graph() -> dict[str, set[str]]:
    paths = {module_name(path): path for package in PACKAGES for path in (REPO / package).rglob("*.py")
             if "migrations" not in path.parts}
    # A module's own packages run first whatever it imports: importing from them is no circle.
    return {name: {other for other in imports_of(path, set(paths))
                   if other != name and not name.startswith(other + ".")} for name, path in paths.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(edges.get(name, ())):
            if state.get(other) == 1:
                found.append([*path[path.index(other):], other])
            elif other not in state:
                visit(other, [*path, other])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    return found


def test_db_depends_on_the_rules_core_only() -> None:
    for name, imported in graph().items():
        if name.startswith("db"):
            outside = {other for other in imported if other.startswith("companion")
                       and not other.startswith(("companion.rules", "companion.tournaments"))}
            assert not outside, f"{name} imports {sorted(outside)}"


def test_no_module_imports_one_that_imports_it_back() -> None:
    assert circles(graph()) == []
