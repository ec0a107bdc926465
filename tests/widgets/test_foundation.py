"""The parts every dashboard shares: dice row, countdown, language helpers, notices."""

from __future__ import annotations

import threading

import ipywidgets as widgets
import pytest

from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.widgets.common.base import App, Notice, card_html
from dicelab.widgets.common.dice import DiceRow, DieView
from dicelab.widgets.common.style import die_svg, stylesheet
from dicelab.widgets.common.timer import Countdown, LoopScheduler, ManualScheduler
from dicelab.widgets.lang import language_from_query, language_options, resolve_language


# -- dice row ----------------------------------------------------------------------------
def test_die_text_states_are_written_not_only_coloured():
    row = DiceRow(4)
    row.show(
        [DieView(4, "held"), DieView(2), DieView(5, "aside", enabled=False), DieView(None)],
        lang="en",
    )
    descriptions = [b.description for b in row.buttons]
    assert descriptions == ["4, held", "2", "5, set aside", "not rolled"]
    assert all(b.tooltip for b in row.buttons)
    assert "dl-held" in row.buttons[0]._dom_classes
    assert "dl-face-4" in row.buttons[0]._dom_classes
    assert "dl-aside" in row.buttons[2]._dom_classes
    assert [b.disabled for b in row.buttons] == [False, False, True, True]


def test_dice_are_buttons_so_keyboard_works_and_presses_reach_the_callback():
    pressed = []
    row = DiceRow(5, on_press=pressed.append)
    row.show([DieView(face) for face in (1, 2, 3, 4, 5)], lang="en")
    assert all(isinstance(b, widgets.Button) for b in row.buttons)  # focusable, Enter/Space
    row.buttons[3].click()
    assert pressed == [3]


def test_redrawing_changes_only_the_state_classes():
    row = DiceRow(1)
    row.show([DieView(3, "held")], lang="en")
    row.show([DieView(6)], lang="en")
    classes = row.buttons[0]._dom_classes
    assert "dl-held" not in classes and "dl-face-3" not in classes
    assert {"dl-die", "dl-die-0", "dl-face-6"} <= set(classes)


def test_roll_animation_runs_on_the_scheduler_and_ends_on_the_real_faces():
    clock = ManualScheduler()
    row = DiceRow(2)
    row.show([DieView(6, "held"), DieView(1)], lang="en")
    row.animate([1], clock, frames=3, interval=0.05)
    assert all(b.disabled for b in row.buttons)  # no press while tumbling
    assert row.buttons[0].description == "6, held"  # a held die does not tumble
    assert row.buttons[1].description == "rolling…"  # read as text, not as random faces
    clock.advance(1)
    assert [b.description for b in row.buttons] == ["6, held", "1"]
    assert not any(b.disabled for b in row.buttons)


def test_a_new_drawing_stops_a_running_animation():
    clock = ManualScheduler()
    row = DiceRow(1)
    row.show([DieView(2)], lang="en")
    row.animate([0], clock, frames=5)
    row.show([DieView(4)], lang="en")
    clock.advance(1)
    assert row.buttons[0].description == "4"


def test_die_pictures_have_the_right_pips():
    assert [die_svg(face).count("<circle") for face in range(7)] == [0, 1, 2, 3, 4, 5, 6]
    assert all(f"dl-face-{face}" in stylesheet() for face in range(7))


# -- countdown ---------------------------------------------------------------------------
def test_countdown_ticks_each_second_then_fires_once():
    clock = ManualScheduler()
    ticks, fired = [], []
    timer = Countdown(clock, on_tick=ticks.append)
    timer.start(3, lambda: fired.append(1))
    clock.advance(1)
    clock.advance(1)
    assert ticks == [3, 2, 1] and not fired
    clock.advance(1)
    assert fired == [1] and ticks[-1] is None and not timer.active
    clock.advance(10)
    assert fired == [1]


def test_a_restart_kills_the_old_countdown():
    clock = ManualScheduler()
    fired = []
    timer = Countdown(clock)
    timer.start(3, lambda: fired.append("old"))
    clock.advance(2)
    timer.start(3, lambda: fired.append("new"))
    clock.advance(1.5)
    assert fired == []
    clock.advance(2)
    assert fired == ["new"]
    assert clock.pending == 0


def test_a_stale_call_is_a_no_op_even_if_its_handle_was_not_cancelled():
    class Leaky(ManualScheduler):
        def call_later(self, delay, callback):
            super().call_later(delay, callback)
            return type("Handle", (), {"cancel": lambda self: None})()  # cancel does nothing

    clock = Leaky()
    fired = []
    timer = Countdown(clock)
    timer.start(1, lambda: fired.append(1))
    timer.cancel()
    clock.advance(5)
    assert fired == []


def test_fractional_delay_and_zero_delay():
    clock = ManualScheduler()
    fired = []
    timer = Countdown(clock)
    timer.start(0.5, lambda: fired.append(1))
    assert timer.remaining == 1
    clock.advance(0.5)
    assert fired == [1]


def test_loop_scheduler_without_a_running_loop_uses_a_thread():
    done = threading.Event()
    LoopScheduler().call_later(0.0, done.set)
    assert done.wait(2)


def test_loop_scheduler_uses_the_running_asyncio_loop():
    import asyncio

    async def main():
        seen = []
        handle = LoopScheduler().call_later(0.0, lambda: seen.append(threading.get_ident()))
        await asyncio.sleep(0.01)
        return seen, handle

    seen, handle = asyncio.run(main())
    assert seen == [threading.get_ident()]
    assert isinstance(handle, asyncio.TimerHandle)


def test_loop_scheduler_logs_instead_of_raising(caplog):
    import asyncio

    async def main():
        LoopScheduler().call_later(0.0, lambda: 1 / 0)
        await asyncio.sleep(0.01)

    asyncio.run(main())
    assert "scheduled callback failed" in caplog.text


# -- language ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "expected"),
    [("lang=en", "en"), ("?lang=en", "en"), ("a=1&lang=en_US", "en"), ("", "en"), ("lang=", "en")],
)
def test_language_from_query(query, expected):
    assert language_from_query(query, environ={}) == expected


def test_language_from_query_reads_voilas_query_string(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=zz")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert language_from_query() == "en"
    assert resolve_language(None) == "en"


def test_language_options_list_every_shipped_language():
    from dicelab.i18n import available_languages

    assert [code for _name, code in language_options()] == list(available_languages())
    assert language_options()[0] == ("English", "en")


# -- notices and the guarded action path -------------------------------------------------
class Counter(App):
    title = msg("Counter")

    def __init__(self, **kwargs):
        self.count = 0
        super().__init__(**kwargs)
        self.label = widgets.Label()
        self._body.children = [self.label]
        self.render()

    def _render(self, lang):
        self.label.value = str(self.count)

    def bump(self):
        def go():
            self.count += 1

        return self.act(go)

    def refuse(self):
        def go():
            raise IllegalMove(msg("Roll first."))

        return self.act(go)

    def crash(self):
        return self.act(lambda: 1 / 0)


def test_an_illegal_move_shows_its_message_and_changes_nothing_else():
    from tests.widgets.helpers import snapshot

    app = Counter(lang="en")
    app.bump()
    before = snapshot(app, skip=(app._notice_area,))
    assert app.refuse() is False
    assert snapshot(app, skip=(app._notice_area,)) == before
    assert app.notices == ["Roll first."]
    assert "Not allowed" in app._notice_area.value
    assert app.bump() and app.notices == []


def test_an_unexpected_error_is_a_clean_card_and_is_logged(caplog):
    app = Counter(lang="en")
    assert app.crash() is False
    assert "Something went wrong" in app._notice_area.value
    assert (
        "Traceback" not in app._notice_area.value and "ZeroDivision" not in app._notice_area.value
    )
    assert "ZeroDivisionError" in caplog.text


def test_a_drawing_error_is_a_clean_card(caplog):
    class Broken(Counter):
        def _render(self, lang):
            raise KeyError("oops")

    app = Broken(lang="en")
    assert "Something went wrong" in app._notice_area.value
    assert "KeyError" in caplog.text


def test_the_language_dropdown_and_set_language_redraw_in_place():
    app = Counter(lang="en")
    app.bump()
    assert app._language.value == "en"
    app.set_language("en_US")
    assert app.lang == "en" and app.label.value == "1"
    app.set_language("xx")
    assert app.lang == "en" and "No translation for xx" in app.notices[0]


def test_notices_are_kept_as_messages_and_rendered_escaped():
    html = card_html([Notice("info", msg("{a} < {b}", a=1, b=2))], "en")
    assert "1 &lt; 2" in html and "Note" in html
    banner = card_html([Notice("success", msg("Hot dice!"), banner=True)], "en")
    assert "dl-banner" in banner and "Hot dice!" in banner


def test_scheduled_callbacks_go_through_the_same_guard(caplog):
    clock = ManualScheduler()
    app = Counter(lang="en", scheduler=clock)
    app._later(1, lambda: 1 / 0)
    clock.advance(1)
    assert "Something went wrong" in app._notice_area.value


def test_importing_the_package_is_lazy():
    import subprocess
    import sys

    code = (
        "import sys, dicelab.widgets as w; "
        "print(*(m in sys.modules for m in ('dicelab.widgets.penta.app', 'matplotlib', "
        "'ipywidgets', 'numpy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"] * 4


def test_loop_scheduler_called_from_a_thread_runs_on_the_loop():
    import asyncio

    async def main():
        scheduler = LoopScheduler()
        scheduler.call_later(0, lambda: None)  # seen from the loop
        seen = []
        thread = threading.Thread(
            target=lambda: scheduler.call_later(0, lambda: seen.append(threading.get_ident()))
        )
        thread.start()
        thread.join()
        await asyncio.sleep(0.05)
        return seen

    assert asyncio.run(main()) == [threading.get_ident()]


def test_launch_shows_a_clean_card_when_an_app_cannot_start(monkeypatch):
    from dicelab.widgets import launcher

    def broken(**_options):
        raise RuntimeError("boom: internal detail")

    from dicelab.widgets.common import registry

    monkeypatch.setitem(registry.APPS, "Broken", __name__)
    monkeypatch.setitem(globals(), "Broken", broken)
    card = launcher.launch("Broken", lang="en")
    assert "could not start" in card.value
    assert "boom" not in card.value and "Traceback" not in card.value


def test_launch_shows_why_an_option_is_refused():
    from dicelab.widgets import launch

    refused = launch("PentaApp", rules="nonsense", lang="en")
    assert "Unknown rule preset" in refused.value and "penta, official" in refused.value


def test_launch_takes_the_language_from_the_voila_url(monkeypatch):
    from dicelab.widgets import launch

    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    app = launch("ScoringInspector")
    assert app.lang == "fr"
