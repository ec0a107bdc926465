"""axe-core in a Voilà page: open a page of ``notebooks/`` until it is drawn, run axe-core on it,
and count its violations by impact.

axe-core comes from the npm registry, pinned in ``tests/browser/axe/package.json`` (its lock
file beside it) and installed by ``make test`` (``make axe``) into
``tests/browser/axe/node_modules``. Without it the accessibility tests are skipped outside CI
and fail in CI, as Chromium's are.

axe-core runs with its default rules: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best
practices (one ``main`` landmark, headings in order...). The tests fail on a violation of
impact ``critical`` or ``serious`` and report the others.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.browser.waits import LOAD

HERE = Path(__file__).resolve().parent
AXE = HERE / "axe" / "node_modules" / "axe-core" / "axe.min.js"
IMPACTS = ("critical", "serious", "moderate", "minor")
FAILING = ("critical", "serious")

DRAWN = """() => {
    const cells = document.querySelector('#rendered_cells');
    if (!cells || getComputedStyle(cells).display === 'none') return false;
    if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]')) {
        return false;
    }
    // Every widget's place holds its widget (not the "Loading..." words) or its failure.
    const places = [...document.querySelectorAll('.jupyter-widgets.jp-OutputArea-output')];
    return places.every(place => place.firstElementChild);
}"""
"""True once Voilà shows the cells and every output and widget is drawn."""

SHOWN = {
    # What a page draws a moment after its widgets (a plot, computed results).
    "house_rules.ipynb": ".dl-house-rules img[src]",
    "penta_scoring.ipynb": ".dl-results",
    "farkle_risk.ipynb": "img.dl-plot-farkle[src]",
}


def axe_source() -> str:
    """axe-core's script, or a skip (a failure in CI) when ``make axe`` has not installed it."""
    if not AXE.exists():
        message = f"axe-core is not installed at {AXE}: run make axe (npm ci in tests/browser/axe)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


SETTLE = 300  # ms: after a page is drawn, for the last redraw of a widget that answered late


def wait_drawn(page, notebook: str, *, settle: bool = True) -> None:
    """Wait until the page of ``notebook`` has drawn its widgets (and its first plot), then
    300 ms for the last redraw of a widget that answered late (``settle=False``: the caller
    waits them once for several pages drawn side by side)."""
    page.wait_for_function(DRAWN, timeout=LOAD)
    selector = SHOWN.get(notebook)
    if selector:
        page.locator(selector).first.wait_for(timeout=LOAD)
    if settle:
        page.wait_for_timeout(SETTLE)


@dataclass
class AxeReport:
    """axe-core's violations on one page: rule id, impact and how many elements."""

    page: str
    violations: list[dict] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        """The number of violated rules by impact."""
        return Counter(violation["impact"] or "minor" for violation in self.violations)

    def failing(self) -> list[dict]:
        """The violations of impact critical or serious."""
        return [violation for violation in self.violations if violation["impact"] in FAILING]

    def describe(self, violations: list[dict] | None = None) -> str:
        """One line per violation: impact, rule, element count and the first elements."""
        lines = []
        for violation in self.violations if violations is None else violations:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:3]]
            lines.append(
                f"{self.page}: {violation['impact']} {violation['id']} "
                f"({len(violation['nodes'])}): {violation['help']} -- {'; '.join(targets)}"
            )
        return "\n".join(lines)


def run_axe(page, name: str, source: str) -> AxeReport:
    """axe-core's default rules on ``page`` as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    result = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target, summary: n.failureSummary})),
            }));
        }"""
    )
    return AxeReport(name, json.loads(json.dumps(result)))


def table(reports: list[AxeReport]) -> str:
    """The violated rules by impact, for each page and in all."""
    total: Counter[str] = Counter()
    lines = [f"{'page':42} " + " ".join(f"{impact:>9}" for impact in IMPACTS)]
    for report in reports:
        counts = report.counts()
        total += counts
        lines.append(f"{report.page:42} " + " ".join(f"{counts[i]:>9}" for i in IMPACTS))
    lines.append(f"{'all pages':42} " + " ".join(f"{total[i]:>9}" for i in IMPACTS))
    return "\n".join(lines)
