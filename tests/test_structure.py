"""The house's structure: no import circle and no import from a lower layer to a higher one
(benchmarks/import_graph.py draws the graph; docs/architecture.md)."""

from __future__ import annotations

from functools import cache

from tests.helpers import load_benchmark

import_graph = load_benchmark("import_graph")


@cache
def package_graph():
    """The package's import graph, read once for both of the tests below (a second each)."""
    return import_graph.graph(import_graph.sources(None))


def test_no_import_circle():
    assert import_graph.circles(package_graph()) == []


def test_no_import_from_a_lower_layer_to_a_higher_one():
    assert import_graph.upward(package_graph()) == []


def test_the_graph_sees_imports_inside_functions_and_for_the_type_checker():
    files = {
        "dicelab/__init__.py": "",
        "dicelab/a.py": "def f():\n    from dicelab import b\n",
        "dicelab/b.py": "if TYPE_CHECKING:\n    from .a import f\n",
        "dicelab/widgets/__init__.py": "",
        "dicelab/widgets/c.py": "import dicelab.a\n",
        "dicelab/lessons/__init__.py": "from dicelab.widgets import c\n",
    }
    edges = import_graph.graph(files)
    assert import_graph.circles(edges) == [["dicelab.a", "dicelab.b"]]
    assert import_graph.upward(edges) == [("dicelab.lessons", "dicelab.widgets.c")]
