"""How the code is shaped: the longest modules and functions of ``dicelab/`` (issue 11).

Prints the five longest modules and functions, by lines, of the working tree, and of a git
revision given with ``--rev`` in the same run (the reference), with the ratio of the longest.

    python benchmarks/code_shape.py --rev 5d9e619
"""

from __future__ import annotations

import argparse
import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def sources(rev: str | None) -> dict[str, str]:
    """``dicelab/**/*.py`` as {path: text}, from the working tree or from ``rev``."""
    if rev is None:
        return {str(p.relative_to(ROOT)): p.read_text() for p in (ROOT / "dicelab").rglob("*.py")}
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev, "dicelab"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return {
        name: subprocess.run(
            ["git", "show", f"{rev}:{name}"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        for name in names
        if name.endswith(".py")
    }


def shape(files: dict[str, str]) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(lines, module) and (lines, function) lists, longest first."""
    modules = sorted(((len(text.splitlines()), name) for name, text in files.items()), reverse=True)
    functions = []
    for name, text in files.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                functions.append((length, f"{name}:{node.name}"))
    return modules, sorted(functions, reverse=True)


def report(label: str, files: dict[str, str]) -> tuple[int, int]:
    modules, functions = shape(files)
    print(f"== {label}: {len(files)} modules, {sum(n for n, _ in modules):,} lines")
    print("  longest modules:   " + ", ".join(f"{m} ({n})" for n, m in modules[:5]))
    print("  longest functions: " + ", ".join(f"{f} ({n})" for n, f in functions[:5]))
    over = sum(1 for n, _ in functions if n > 50)
    print(f"  functions over 50 lines: {over}")
    return modules[0][0], functions[0][0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="5d9e619", help="the reference revision")
    args = parser.parse_args()
    before = report(f"reference {args.rev}", sources(args.rev))
    after = report("working tree", sources(None))
    print(
        f"ratio, longest module: {after[0] / before[0]:.2f}; "
        f"longest function: {after[1] / before[1]:.2f}"
    )


if __name__ == "__main__":
    main()
