"""One driver of turns per table: bots, Autoplay, Finish and Undo never play into each other.

Every control is pressed in quick succession while the bots' pauses run under an asyncio loop,
as in a live page. After each burst the table must come to rest at a consistent state: the
game is over or waits for you (never frozen at a bot's turn), and painting the table again
changes nothing (every panel already agrees with the engine).
"""

from __future__ import annotations

import asyncio
import gc
import random
from typing import Any, Callable

import ipywidgets as w
import pytest

from widgets.games.el_gato_table import ElGatoTable
from widgets.games.injun_table import InjunTable
from widgets.games.jabberwocky_table import JabberwockyTable
from widgets.games.jubilee_table import JubileeTable
from widgets.games.jubileu_table import JubileuTable
from widgets.games.kalooki_table import KalookiTable
from widgets.games.klaberjass_table import KlaberjassTable
from widgets.games.relogio_table import RelogioRealTable, RelogioTable
from widgets.games.rummy_table import RummyTable
from widgets.table import Table

PAUSE = 0.004  # the bots' and Autoplay's pause: short, but every step still waits on the event loop
TICK = 0.01
QUIET = 0.3  # no move for this long, and no driver running: the table is at rest
LIMIT = 6.0  # an El Gato still moving after this long is alive (a long game between bots): Finish shows the end
PATIENCE = 30.0  # any other table is back to you within a few bot moves, even on a loaded machine


def press_move(t: Table) -> None:
    """The learner's first legal move, if it is their turn (as a click on the right control would)."""
    legal = t.game.view(t.human)["legal"]
    if legal:
        t.act(str(legal[0]))


def toggle_autoplay(t: Table) -> None:
    if isinstance(t, ElGatoTable):
        t.autoplay_button.value = not t.autoplay_button.value
    else:
        t.autoplay_button.click()


COMMON: dict[str, Callable[[Table], Any]] = {
    "new deal": lambda t: t.new_button.click(),
    "move": press_move,
    "undo": lambda t: t.undo_button.click(),
    "hint": lambda t: t.hint_button.click(),
    "play again": lambda t: t.again_button.click(),
}
EL_GATO = {**COMMON, "play": lambda t: t.play_button.click(), "finish": lambda t: t.finish_button.click(),
           "autoplay": toggle_autoplay}
CLOCK = {**COMMON, "autoplay": toggle_autoplay}


def widget_state(root: w.Widget, skip: tuple[w.Widget, ...]) -> list[tuple[str, str, Any]]:
    """Everything a person sees of a widget tree: values, captions, disabled flags, what is hidden."""
    state: list[tuple[str, str, Any]] = []
    todo = [root]
    while todo:
        widget = todo.pop()
        if widget in skip:
            continue
        name = type(widget).__name__
        for trait in ("value", "description", "disabled", "options", "tooltip"):
            if widget.has_trait(trait) and not (trait == "value" and isinstance(widget, w.Box)):
                state.append((name, trait, getattr(widget, trait)))
        if isinstance(widget.layout, w.Layout):
            state.append((name, "display", widget.layout.display))
        todo.extend(getattr(widget, "children", ()))
    return state


async def settle(t: Table) -> bool:
    """Wait until the table is at rest; False if it is still playing after a while (alive, not frozen)."""
    seen, still, waited = len(t.game.history), 0.0, 0.0
    limit = LIMIT if isinstance(t, ElGatoTable) else PATIENCE
    while getattr(t, "driving", False) or still < QUIET:
        if waited > limit:
            return False
        await asyncio.sleep(TICK)
        waited += TICK
        if len(t.game.history) != seen:
            seen, still = len(t.game.history), 0.0
        else:
            still += TICK
    return True


def assert_consistent_at_rest(t: Table, pressed: list[str]) -> None:
    game = t.game
    waiting_for_you = not game.is_over and t.human in game.to_act()
    assert game.is_over or waiting_for_you, f"frozen at {t.names[game.current_player]}'s turn after {pressed}"
    if isinstance(t, ElGatoTable):
        assert not t.autoplay_button.value and t.autoplay_button.description == "Autoplay", pressed
    if isinstance(t, (RelogioTable, RelogioRealTable)):
        assert t.autoplay_button.description == "Autoplay", pressed
    before = widget_state(t, skip=(t.status,))
    t.refresh()
    assert widget_state(t, skip=(t.status,)) == before, f"a panel disagrees with the game after {pressed}"


async def press_in_quick_succession(t: Table, controls: dict[str, Callable[[Table], Any]], seed: int,
                                    presses: int = 7) -> None:
    rnd = random.Random(seed)
    pressed: list[str] = []
    for _ in range(presses):
        name = rnd.choice(list(controls))
        pressed.append(name)
        controls[name](t)
        await asyncio.sleep(rnd.choice([0, 0, PAUSE / 2, PAUSE * 3]))
    if not await settle(t):  # still playing: alive; El Gato's Finish then shows the end at once
        assert isinstance(t, ElGatoTable), f"{type(t).__name__} still moving after {pressed}"
        pressed.append("finish")
        t.finish_button.click()
        assert await settle(t)
    assert_consistent_at_rest(t, pressed)


def run_with_loop(coro_factory: Callable[[], Any]) -> None:
    """Run under a fresh event loop; a driver task that died of an exception fails the test."""
    errors: list[str] = []

    async def main() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _loop, ctx: errors.append(
            f"{ctx.get('message')}: {ctx.get('exception')!r}"))
        await coro_factory()
        gc.collect()  # a task that failed unseen reports itself when collected
        await asyncio.sleep(0)

    asyncio.run(main())
    gc.collect()
    assert not errors, errors


MAKERS: dict[str, Callable[[], Table]] = {
    "el_gato": lambda: ElGatoTable(players=4, seed="3DPYVC", bot_delay=PAUSE, autoplay_delay=PAUSE),
    "jubilee": lambda: JubileeTable(players=3, seed=5, bot_delay=PAUSE),
    "injun": lambda: InjunTable(players=4, seed=5, bot_delay=PAUSE),
    "jabberwocky": lambda: JabberwockyTable(players=4, seed=5, bot_delay=PAUSE, rounds="short"),
    "klaberjass": lambda: KlaberjassTable(seed=5, bot_delay=PAUSE),
    "rummy": lambda: RummyTable(players=3, seed=5, bot_delay=PAUSE),
    "kalooki": lambda: KalookiTable(players=3, seed=5, bot_delay=PAUSE),
    "jubileu": lambda: JubileuTable(seed=5, bot_delay=PAUSE),
    "relogio": lambda: RelogioTable(seed=5, autoplay_delay=PAUSE),
    "relogio_real": lambda: RelogioRealTable(seed=5, autoplay_delay=PAUSE),
}
CONTROLS = {"el_gato": EL_GATO, "relogio": CLOCK, "relogio_real": CLOCK}
BURSTS = {"el_gato": 14, "relogio": 4, "relogio_real": 4}


@pytest.mark.parametrize("game", list(MAKERS))
def test_every_control_pressed_in_quick_succession_leaves_a_consistent_table(game):
    async def bursts() -> None:
        table = MAKERS[game]()
        for seed in range(BURSTS.get(game, 3)):
            await press_in_quick_succession(table, CONTROLS.get(game, COMMON), seed)

    run_with_loop(bursts)


def test_el_gato_new_deal_play_finish_within_a_second_shows_the_end():
    """The freeze of deal 4-3DPYVC: New deal, Play, Finish while the bots' pause is running."""
    async def scenario() -> None:
        table = ElGatoTable(players=4, seed="3DPYVC", bot_delay=0.05, autoplay_delay=0.05)
        for first in (table.new_button, table.play_button, table.finish_button, table.undo_button,
                      table.undo_button, table.finish_button):
            first.click()
            await asyncio.sleep(0.01)
        assert await settle(table)
        assert_consistent_at_rest(table, ["new deal", "play", "finish", "undo", "undo", "finish"])
        assert table.game.is_over and "Press <b>New deal</b>" in table.status.value

    run_with_loop(scenario)


def test_a_refused_undo_leaves_the_bots_playing():
    """Undo with nothing to take back said so and also silenced the bots: the table froze."""
    async def scenario() -> None:
        table = ElGatoTable(players=4, seed="000005", bot_delay=PAUSE)  # Ada deals: Ben and Cleo play first
        assert table.game.current_player != table.human
        table.undo_button.click()
        assert "nothing to take back" in table.status.value
        assert await settle(table)
        assert_consistent_at_rest(table, ["undo"])

    run_with_loop(scenario)


def test_finish_and_instant_autoplay_paint_the_table_once_however_long_the_game():
    """A repaint per trick sent thousands of messages: the page's server dropped some and froze the view."""
    table = ElGatoTable(players=4, seed="3DPYVC", bot_delay=0, autoplay_delay=0)
    paints: list[int] = []
    table.refresh = lambda: (paints.append(1), Table.refresh(table))  # type: ignore[method-assign]
    table.play_button.click()
    paints.clear()
    table.finish_button.click()
    assert table.game.is_over and len(table.game.history) > 100
    assert len(paints) <= 2, f"Finish painted the table {len(paints)} times"
    table.new_button.click()
    paints.clear()
    table.autoplay()
    assert table.game.is_over and len(paints) <= 2, f"Autoplay at once painted {len(paints)} times"


def test_a_new_log_line_resends_one_block_of_the_old_log_not_all_of_it():
    """A long game on Autoplay re-sent its whole log each trick: past a page server's data limit, messages drop."""
    from widgets.table import LogHistory
    history = LogHistory()
    lines = [f"<div>line {i}</div>" for i in range(100)]
    history.show(lines)
    before = [child.value for child in history.children]
    history.show([*lines, "<div>line 100</div>"])
    after = [child.value for child in history.children]
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert changed == [len(before) - 1] and history.value == "".join(lines) + "<div>line 100</div>"
    history.show(lines[:3])  # a new deal: the old blocks empty, the first holds the new lines
    assert history.value == "".join(lines[:3])
