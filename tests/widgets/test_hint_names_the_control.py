"""A hint names its move the way the control that makes it reads (issue 31, fault 6: Jubileu's hint said
"Espirra!" while the button read "Espirra: play the called Ace").

In every game, at the learner's turns of seeded deals: each visible button on the cloth is pressed with
the move recorded instead of made, which tells which move it makes; the table's name for that move
(``action_label``, what the hint's headline says) must stand in the button's words ("Raise by 1" on
"Raise by 1 (to 2)", "Solo Sete" on "3. Solo Sete (2)"), or open its tooltip where the button shows only a
number ("Bid 2" on the button "2"). Whenever the hint's move is one a button makes, the headline opens
with that name. The learner then follows the hint
and the bots play on.
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterator

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

TABLES = [ElGatoTable, InjunTable, JabberwockyTable, JubileeTable, JubileuTable, KalookiTable, KlaberjassTable,
          RelogioTable, RelogioRealTable, RummyTable]
TURNS = 12
#: games whose moves, at the turns reached here, are all made by clicking cards or piles (their buttons'
#: names are checked in their own test files); the headline still opens with the table's name of the move
CLICKED = (JubileeTable, RummyTable)
#: the solitaires have no bots to wait for
SOLITAIRES = (RelogioTable, RelogioRealTable)


def visible_buttons(widget: Any, table: Table) -> Iterator[w.Button]:
    """The buttons of the cloth a learner can press now (not Hint, Undo or More)."""
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return
    if isinstance(widget, w.Button):
        if not widget.disabled and widget not in (table.hint_button, table.undo_button):
            yield widget
    for child in getattr(widget, "children", ()):
        yield from visible_buttons(child, table)


def names(label: str, button: w.Button) -> bool:
    """The button reads as ``label``: its words hold it, or its tooltip opens with it."""
    return label in button.description or bool(button.tooltip) and button.tooltip.startswith(label)


def moves_of_buttons(table: Table) -> dict[str, w.Button]:
    """Which move each pressable button makes: the button, by the move (pressed with ``act`` recording)."""
    made: list[str] = []
    table.act = lambda action: made.append(action) or False  # type: ignore[method-assign]
    found: dict[str, w.Button] = {}
    try:
        for button in list(visible_buttons(table.felt, table)):
            before = len(made)
            button.click()
            if len(made) == before + 1:
                found[made[-1]] = button
    finally:
        del table.act
    return found


def headline(table: Table) -> str:
    found = re.search(r"data-testid='hint-headline'>(.*?)</b>", table.hint_panel.value)
    assert found, table.hint_panel.value
    return html.unescape(found.group(1))


@pytest.mark.parametrize("cls", TABLES, ids=lambda c: c.game_id)
def test_a_hint_names_its_move_as_the_control_that_makes_it_reads(cls: type[Table]) -> None:
    problems: list[str] = []
    pressed = 0
    for seed in (3, 11):
        table = cls(seed=seed) if cls in SOLITAIRES else cls(seed=seed, bot_delay=0)
        for _ in range(TURNS):
            table.run_bots()
            if table.game.is_over or table.game.current_player != table.human:
                break
            buttons = moves_of_buttons(table)
            pressed += len(buttons)
            for move, button in buttons.items():
                if not names(table.action_label(move), button):
                    problems.append(f"seed {seed}: {move!r} is named {table.action_label(move)!r}, its button reads "
                                    f"{button.description!r}")
            hint = table.show_hint()
            if hint is None:  # El Gato's last card decided the game as it was turned
                assert table.game.is_over, table.status.value
                break
            label = table.action_label(hint.action)
            if not headline(table).startswith(f"{label[:1].upper()}{label[1:]}: "):
                problems.append(f"seed {seed}: the headline {headline(table)!r} does not open with {label!r}")
            if hint.action in buttons:
                if not names(headline(table).split(": ")[0], buttons[hint.action]):
                    problems.append(f"seed {seed}: the hint's headline {headline(table)!r} does not name "
                                    f"{hint.action!r} as its button reads, {buttons[hint.action].description!r}")
            assert table.act(hint.action)
    assert not problems, "\n".join(problems[:10])
    assert pressed or cls in CLICKED, f"{cls.game_id}: no button made a move: the test saw nothing"
