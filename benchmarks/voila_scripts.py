"""Record which script files Voilà's pages load, for dicelab's one-file bundle.

Opens the floor notebook, every app and every lesson in Chromium against a Voilà server
(``voila.json``), collects each script the pages fetched besides Voilà's entry point
(``voila.js``), the extensions' entry points (``remoteEntry…``) and the template's own
scripts, finds the installed file with the same content, and writes the list with each
file's SHA-256 to ``share/jupyter/voila/templates/dicelab/scripts.json``
(:mod:`dicelab.voila_scripts` builds the bundle from it). Run it again after upgrading
Voilà or ipywidgets (a test says when it is needed):

    python benchmarks/voila_scripts.py

Needs Chromium (``/usr/bin/chromium``, or ``$DICELAB_CHROMIUM``) and the ``test`` extras.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's dicelab

from voila_apps import (  # the script beside this one
    APPS,
    CHROMIUM,
    CHROMIUM_ARGS,
    FLOOR,
    LESSONS,
    pooled_notebooks,
    serve_folder,
    settle,
    start_voila,
    stop_voila,
)

from dicelab.voila_scripts import TEMPLATE, data_dirs

SKIP = ("/voila/static/voila.js", "remoteEntry.", "/voila/templates/")


def candidates(url_path: str) -> list[str]:
    """Where under a Jupyter data dir the file served at ``url_path`` may be."""
    if url_path.startswith("/voila/static/"):
        name = url_path.removeprefix("/voila/static/")
        return [f"voila/templates/{t}/static/{name}" for t in ("dicelab", "lab", "base")]
    if url_path.startswith("/voila/labextensions/"):
        name = url_path.removeprefix("/voila/labextensions/")
        return [f"voila/labextensions/{name}", f"labextensions/{name}"]
    return []


def served_scripts() -> dict[str, str]:
    """URL path -> SHA-256 of each chunk the pages fetched before connecting to their kernel
    (union over every page).

    The chunks a page asks for once its kernel is connected (the widget models' classes, the
    output renderers) stay out: fetched one by one, they arrive after the widget manager has
    registered every model of the page, as in stock Voilà. Registered in advance, a model's
    class was there at once, and on a busy machine a container's state could be read before
    its children were registered ("widget model not found": 1 to 4 pages of 20 stayed blank)."""
    from playwright.sync_api import sync_playwright

    pages = [FLOOR, *APPS, *LESSONS]
    folder = serve_folder()
    process, base = start_voila(folder, folder / "voila.log", bundle=False)
    seen: dict[str, str] = {}
    after: set[str] = set()  # asked for once the kernel is connected, on some page
    try:
        settle(process, sum(pooled_notebooks().values()), timeout=300)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            for _, notebook, ready, _ in pages:
                context = browser.new_context()
                page = context.new_page()
                bodies = []
                connected: list[bool] = []  # the page has opened its kernel's websocket
                page.on("websocket", lambda _, connected=connected: connected.append(True))
                page.on(
                    "request",
                    lambda request, connected=connected, bodies=bodies: bodies.append(
                        (request, bool(connected))
                    ),
                )
                page.goto(f"{base}/voila/render/{notebook}", wait_until="commit")
                page.locator(ready).first.wait_for(state="visible", timeout=120_000)
                page.wait_for_timeout(2000)  # the scripts a page asks for after its first widget
                for request, late in bodies:
                    path = request.url.removeprefix(base).split("?")[0]
                    if not path.endswith(".js") or any(s in path for s in SKIP):
                        continue
                    if late:
                        after.add(path)
                    elif (response := request.response()) is not None:
                        seen[path] = hashlib.sha256(response.body()).hexdigest()
                page.close(run_before_unload=True)
                context.close()
            browser.close()
    finally:
        stop_voila(process)
    return {path: digest for path, digest in seen.items() if path not in after}


def main() -> int:
    import voila

    dirs = data_dirs()
    files = []
    for path, digest in sorted(served_scripts().items()):
        for relative in candidates(path):
            found = next((d / relative for d in dirs if (d / relative).is_file()), None)
            if found and hashlib.sha256(found.read_bytes()).hexdigest() == digest:
                files.append({"path": relative, "sha256": digest})
                break
        else:
            print(f"no installed file has the content served at {path}")
            return 1
    plan = {"voila": voila.__version__, "files": files}
    out = TEMPLATE / "scripts.json"
    out.write_text(json.dumps(plan, indent=1) + "\n", encoding="utf-8")
    print(f"{len(files)} scripts recorded in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
