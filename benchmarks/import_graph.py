"""The import graph of ``dicelab/``: its circles and any import from a lower layer to a higher one.

Every ``import`` of a dicelab module counts, wherever it stands: at the top, inside a function
(imported when used) or under ``TYPE_CHECKING``. A circle is a set of modules each of which
reaches the others (a strongly connected component of two or more). Printed for the working
tree and, with ``--rev``, for a git revision in the same run (the reference):

    python benchmarks/import_graph.py --rev 55e6c29

The layers, lowest first (a module may import its own layer and those below): the shared
primitives, the two engines, the class's results, the lessons and printouts, the dashboards.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from code_shape import ROOT, sources  # the script beside this one: dicelab's files, or a revision's

__all__ = ["ROOT", "circles", "graph", "layer", "sources", "upward"]

LAYERS = (
    ("primitives", ()),
    ("engines", ("penta", "farkle")),
    ("class results", ("classroom", "class_results")),  # class_results: before issue 26
    ("lessons and printouts", ("lessons", "printouts")),
    ("dashboards", ("widgets",)),
)
"""Each layer with the names under ``dicelab`` it holds (the primitives: every other module)."""


def layer(module: str) -> int:
    """The layer of a module (``dicelab`` itself, which gathers the public names, is on top).

    >>> layer("dicelab.i18n"), layer("dicelab.penta.game"), layer("dicelab.widgets.teach")
    (0, 1, 4)
    """
    parts = module.split(".")
    if len(parts) == 1:
        return len(LAYERS)
    for index, (_, names) in enumerate(LAYERS):
        if parts[1] in names:
            return index
    return 0


def _module(path: str) -> str:
    name = path.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def _parse(text: str) -> ast.Module:
    """``ast.parse``, tried again on Python 3.11's ``SystemError`` ("AST constructor recursion
    depth mismatch"): its parser's depth count is not safe while another thread parses too
    (a test's background thread reading a file), CPython issue 106905, fixed in 3.12."""
    for _ in range(3):
        try:
            return ast.parse(text)
        except SystemError:
            continue
    return ast.parse(text)


def graph(files: dict[str, str]) -> dict[str, set[str]]:
    """Each module with the dicelab modules it imports (a name imported from a package counts
    as the package's submodule when there is one, else as the package)."""
    modules = {_module(path): (path, text) for path, text in files.items()}

    def known(name: str) -> str:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, text) in modules.items():
        package = name.split(".") if path.endswith("__init__.py") else name.split(".")[:-1]
        for node in ast.walk(_parse(text)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package[: len(package) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            else:
                continue
            edges[name] |= {known(t) for t in targets if t.split(".")[0] == "dicelab"}
        edges[name] -= {name, ""}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of two modules or more, each sorted (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def upward(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import from a lower layer to a higher one."""
    return sorted((a, b) for a, targets in edges.items() for b in targets if layer(b) > layer(a))


def report(label: str, files: dict[str, str]) -> None:
    edges = graph(files)
    found, up = circles(edges), upward(edges)
    print(f"== {label}: {len(edges)} modules, {sum(map(len, edges.values()))} imports")
    print(f"  circles: {len(found)}")
    for component in found:
        print("    " + " / ".join(name.removeprefix("dicelab.") for name in component))
    print(f"  imports from a lower layer to a higher one: {len(up)}")
    for a, b in up:
        print(f"    {a} -> {b}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="a git revision to compare with (the reference)")
    args = parser.parse_args(argv)
    if args.rev:
        report(f"reference {args.rev}", sources(args.rev))
    report("working tree", sources(None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
