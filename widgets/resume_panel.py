"""A play table's game kept in the browser (widgets/autosave.py), and offered back after a reload.

The panel above the cloth asks "Resume your game?"; the save is sent to the browser when it
matters (the table at rest, or your turn), not after every bot's move: serialising a long game on
each step cost the kernel time and the page its bandwidth. The save itself (what is kept, and the check
of a kept one) is the table session's (widgets/session.py); this panel asks the table only what
:class:`widgets.session.ResumeHost` lists.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

import engine
from engine.i18n import N_
from engine.protocol import ParlourError, SaveError
from widgets.autosave import AutoSave, TableSave, next_slot
from widgets.session import ResumeHost
from widgets.shared_look import set_layout, shared_layout
from widgets.table_html import esc, help_html


class ResumePanel(w.VBox):
    """"Your last game here is not finished … Resume it?" with its two buttons; hidden until a save is offered.

    ``autosave`` is None for a set practice deal (a table built with a seed): it keeps nothing.
    """

    def __init__(self, host: ResumeHost, autosaved: bool) -> None:
        t = host.t
        self.host = host
        self.autosave = AutoSave(next_slot(host.session.game_id), self._browser_kept) if autosaved else None
        self.offer: tuple[TableSave, engine.Game] | None = None  # a saved game offered back, not yet answered
        self._kept: tuple[Any, ...] | None = None  # what was last sent to the browser: (game, level, moves)
        self.html = w.HTML()
        self.resume_button = w.Button(description=t("Resume your game"), icon="play", button_style="success",
                                      layout=shared_layout(width="auto"), tooltip=t("Go on from where you were"))
        self.fresh_button = w.Button(description=t("Start a new deal"), layout=shared_layout(width="auto"),
                                     tooltip=t("Play the deal on the table; the saved game is dropped"))
        self.resume_button.on_click(lambda _: self.resume())
        self.fresh_button.on_click(lambda _: self.decline())
        buttons = w.HBox([self.resume_button, self.fresh_button])
        buttons.add_class("parlour-buttons")
        super().__init__([self.html, buttons])
        self.add_class("parlour-resume")
        set_layout(self, display="none")
        self.save_notice = w.HTML(layout=shared_layout(display="none"))  # why a kept game could not be resumed
        self.save_notice.add_class("parlour-save-notice")
        self.note = w.HTML(help_html(t("Your game is kept in this browser: if the page reloads or the server "
                                       "restarts, you can resume it.")),
                           layout=shared_layout(display="none"))  # shown once the browser says it can
        self.note.add_class("parlour-autosave-note")

    def keep(self, at_rest: bool = True) -> None:
        """Keep the game in the browser once you have moved in it; a finished or untouched one is not kept.

        While bots play (``at_rest`` False) nothing is sent until it is your turn again; the same
        position is never serialised twice.
        """
        session, autosave = self.host.session, self.autosave
        if autosave is None or not autosave.ready or self.offer is not None or session.game is None \
                or session.saves_paused:
            return  # no autosave here, a saved game is still on offer (nothing overwrites it unasked), or a look back
        game = session.game
        if not session.worth_keeping():
            self._kept = None
            autosave.forget()
            return
        if not at_rest and not session.my_turn():
            return  # the bots are moving: the save follows when they stop
        kept = (id(game), session.level, tuple(game.history))
        if kept != self._kept:
            self._kept = kept
            autosave.keep(session.save_text())

    def _browser_kept(self, text: str | None) -> None:
        """The browser's report of the save it holds for this table: offer it back, or drop it."""
        if self.autosave is not None and self.autosave.ready:
            set_layout(self.note, display="")
        if text is None:
            self.keep()
            return
        try:
            saved, game = self.host.session.read_save(text)
        except SaveError as exc:
            self.drop(self.host.t("The game kept in this browser could not be resumed: {why} It was dropped.",
                                  why=self.host.said(exc)))
            return
        if game.is_over:
            self.drop(None)
            return
        self.offer = (saved, game)
        self.html.value = f"<div role='status'>{esc(self.offer_words(game))}</div>"
        set_layout(self, display="")

    def drop(self, why: str | None) -> None:
        """Forget the browser's save (saying why, if there is a reason to), and keep this table's game instead."""
        if why:
            self.save_notice.value = f"<div role='alert'>⚠ {esc(why)}</div>"
            set_layout(self.save_notice, display="")
        assert self.autosave is not None
        self._kept = None
        self.autosave.forget()
        self.keep()

    def offer_words(self, game: engine.Game) -> str:
        """What the offer says: the deal, how far it went, whose turn (never a card)."""
        host, t, session = self.host, self.host.t, self.host.session
        view = game.view(session.human)
        parts = [t("deal {code}", code=host.code_for(game.players, game.seed, game.options))]
        if progress := host.progress_words(view):
            parts.append(progress)
        parts.append(host.t_count(len(game.history), N_("{n} move made"), N_("{n} moves made")))
        seat = game.current_player
        names = session.seat_names(game.players)
        if session.rules.has_scores and game.players > 1:
            parts.append(t("scores {scores}", scores=" · ".join(f"{n} {p}" for n, p in zip(names, game.scores))))
        parts.append(t("your turn") if seat == session.human
                     else t("{who} to play", who=names[seat]) if seat is not None else "")
        return t("Your last game here is not finished ({parts}). Resume it?", parts=", ".join(p for p in parts if p))

    def resume(self) -> bool:
        """Put the offered game back on the table: the same cards, moves, scores, log and turn; Undo works."""
        if self.offer is None:
            return False
        host = self.host
        saved, game = self.offer
        set_layout(self, display="none")
        try:
            host.deal_like(game, saved.level)  # the same deal, its seeded bots, the toolbar's code
        except ParlourError as exc:  # the lesson's table cannot deal these settings
            self.offer = None
            self.drop(host.t("The game kept in this browser could not be resumed: {why}", why=host.said(exc)))
            return False
        self.offer = None
        host.play_saved(engine.load_game(saved.game_json))  # a copy no one has touched
        return True

    def decline(self) -> None:
        """Play the deal on the table; from now on it is the game this browser keeps."""
        self.offer = None
        set_layout(self, display="none")
        self.keep()
