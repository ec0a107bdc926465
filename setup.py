"""setuptools' entry point: everything is in pyproject.toml but one mend for editable installs.

``pip install -e .`` builds an "editable wheel" that should install the data files
(``[tool.setuptools.data-files]``: dicelab's Voilà template in ``share/jupyter``) as a copy, as a
regular install does. setuptools (up to 84 at least) never does: its editable build asks the
distribution ``has_data()``, a method only distutils' ``install`` command has (the
distribution's is ``has_data_files()``), so the answer is always "no data". Without the
template in ``<prefix>/share/jupyter``, ``voila notebooks/`` and JupyterLab's Voilà preview
answer every page with "500: Internal Server Error" (template ``dicelab`` not found).
``Distribution.has_data`` below gives the editable build the answer it asks for; a regular
build never asks. docs/serving.md, "Where Voilà finds dicelab's template".
"""

from setuptools import setup
from setuptools.dist import Distribution


class _Distribution(Distribution):
    """setuptools' distribution, answering the editable build's ``has_data()``."""

    def has_data(self) -> bool:
        return self.has_data_files()


setup(distclass=_Distribution)
