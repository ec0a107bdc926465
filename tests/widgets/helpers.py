"""Helpers for driving dashboards in tests: snapshots of every widget's visible state."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

_TRAITS = ("description", "value", "disabled", "tooltip", "options", "_dom_classes", "max", "min")


def walk(widget: widgets.Widget):
    """Every widget under ``widget`` (itself included), depth first."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def snapshot(app: widgets.Widget, skip: tuple[widgets.Widget, ...] = ()) -> list[Any]:
    """The visible state of every widget of ``app`` except ``skip`` (e.g. the notice area)."""
    state = []
    for widget in walk(app):
        if any(widget is s for s in skip):
            continue
        entry = [type(widget).__name__]
        for name in _TRAITS:
            if widget.has_trait(name):
                value = getattr(widget, name)
                entry.append((name, repr(value)))
        layout = getattr(widget, "layout", None)
        if layout is not None:
            entry.append(("display", layout.display))
        state.append(entry)
    return state


def texts(app: widgets.Widget) -> str:
    """All the text an app shows (descriptions, values of text widgets, HTML), joined."""
    parts = []
    for widget in walk(app):
        for name in ("description", "value", "tooltip", "placeholder"):
            if widget.has_trait(name):
                value = getattr(widget, name)
                if isinstance(value, str) and not value.startswith("<style>"):
                    parts.append(value)
    return "\n".join(parts)


def find(app: widgets.Widget, css_class: str) -> widgets.Widget:
    """The one widget of ``app`` carrying ``css_class`` (fails if none or several are visible)."""
    found = [
        w
        for w in walk(app)
        if css_class in getattr(w, "_dom_classes", ()) and w.layout.display != "none"
    ]
    assert len(found) == 1, f"{css_class}: {len(found)} widgets"
    return found[0]
