"""A narrated walkthrough of a scripted deal, one move at a time, with Next and Back."""

from __future__ import annotations

import html
from typing import Callable, Generic, Sequence, TypeVar

import ipywidgets as w

from engine.i18n import N_, say
from engine.protocol import Game
from widgets.page_style import table_style
from widgets.shared_look import shared_layout


G = TypeVar("G", bound=Game)

#: On a phone a board's blocks (the hands, the middle) go under one another, each at most the cloth's
#: width, so a row of cards wraps instead of running off the screen (the shared table CSS stops the
#: cloth's children shrinking).
WALKTHROUGH_CSS = """<style>
.parlour-walkthrough .parlour-table { flex-wrap: wrap; }
.parlour-walkthrough .parlour-table > * { max-width: 100%; box-sizing: border-box; }
</style>"""


class Walkthrough(w.VBox, Generic[G]):
    """Step through ``moves`` from the deal ``make_game()`` returns.

    Each step shows the move's log sentences and a teacher's comment; ``render`` draws
    the table (all hands open: it is a demonstration, not a game) as HTML without a stylesheet.
    ``lang``: the language of its buttons and captions (the comments come in the lesson's language already).
    """

    def __init__(self, make_game: Callable[[], G], moves: Sequence[tuple[str, str]],
                 render: Callable[[G], str], intro: str = "", lang: str = "en") -> None:
        self.lang = lang
        self.make_game = make_game
        self.moves = list(moves)
        self.render = render
        self.intro = intro
        self.step = 0
        self.back_button = w.Button(description="◀ " + say(lang, N_("Back")),
                                    tooltip=say(lang, N_("The previous move")))
        self.next_button = w.Button(description=say(lang, N_("Next")) + " ▶", button_style="primary",
                                    tooltip=say(lang, N_("The next move")))
        self.progress = w.HTML()
        self.progress.add_class("parlour-walkthrough-progress")
        self.next_button.add_class("parlour-walkthrough-next")
        self.narration = w.HTML()
        self.board = w.HTML()
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        super().__init__([table_style(),  # the board's table style: sent once per page, not with every step
                          w.HTML(WALKTHROUGH_CSS,  # a hidden <style> still applies
                                 layout=shared_layout(display="none")),
                          w.HBox([self.back_button, self.next_button, self.progress]),
                          self.narration, self.board])
        self.add_class("parlour-walkthrough")
        self._show()

    def next(self) -> None:
        if self.step < len(self.moves):
            self.step += 1
            self._show()

    def back(self) -> None:
        if self.step > 0:
            self.step -= 1
            self._show()

    def game_at(self, step: int) -> G:
        game = self.make_game()
        events = []
        for action, _ in self.moves[:step]:
            events = game.apply(action)
        self._last_events = events
        return game

    def _show(self) -> None:
        game = self.game_at(self.step)
        if self.step == 0:
            said = [e.text for e in game.events]
            comment = self.intro
        else:
            said = [e.text for e in self._last_events]
            comment = self.moves[self.step - 1][1]
        lines = "".join(f"<li>{html.escape(t)}</li>" for t in said)
        self.narration.value = (f"<div class='parlour-panel'><ul style='margin:0'>{lines}</ul>"
                                f"<p style='margin:4px 0 0'><b>{html.escape(say(self.lang, N_('Note:')))}</b> "
                                f"{html.escape(comment)}</p></div>")
        self.board.value = self.render(game)
        self.progress.value = "&nbsp;" + html.escape(say(self.lang, N_("Move {n} of {total}"), n=self.step,
                                                          total=len(self.moves)))
        self.back_button.disabled = self.step == 0
        self.next_button.disabled = self.step == len(self.moves)
