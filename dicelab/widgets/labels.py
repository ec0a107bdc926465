"""Display names the dashboards need that the engines keep as ids (message ids, English).

>>> from dicelab.i18n import translate
>>> translate(PENTA_PRESET_LABELS["free-joker"], "en")
'Free joker'
"""

from __future__ import annotations

from dicelab.i18n import N_

__all__ = ["FARKLE_PRESET_LABELS", "PENTA_PRESET_LABELS"]

PENTA_PRESET_LABELS = {
    "penta": N_("Penta (the app's rules)"),
    "official": N_("Official (forced joker)"),
    "free-joker": N_("Free joker"),
    "no-joker": N_("No joker"),
    "no-bonus": N_("No joker, no Penta bonus"),
}

FARKLE_PRESET_LABELS = {
    "standard": N_("Standard"),
    "minimal": N_("Minimal (singles and triples)"),
    "playmonster": N_("PlayMonster (the boxed game)"),
}
