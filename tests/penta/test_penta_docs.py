"""The examples of docs/penta.md run as written."""

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "penta.md"


def test_the_penta_docs_examples_run():
    result = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 10
    assert result.failed == 0
