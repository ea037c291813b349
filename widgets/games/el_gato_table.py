"""El Gato's table: a show. Press Play (or Enter) to turn your top card, or Autoplay to watch.

Nobody chooses anything in El Gato, so the table is built for watching: packets drawn as
face-down stacks with their counts, the trick in the middle, guerra cards set aside in
sight, and the log (with Why?) narrating each trick. Autoplay plays the whole game, yours
included, with a pause after each trick, and stops when pressed again.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

import engine
from engine.games.el_gato import PLAYER_COUNTS, ElGato
from engine import words
from engine.i18n import N_
from widgets.card_svg import card_img_html
from widgets.settings import Setting
from widgets.shared_look import set_layout
from widgets.table import Table
from widgets.table_html import esc

DECIDED = ("trick", "guerra", "game_end", "redeal")  # events that end a round of the show


class _TurnsTheTopCard:
    """Your seat in Autoplay and Play: El Gato has no choices, your one move is turning your top card."""

    def choose(self, view: dict[str, Any]) -> str:
        return "play"


TURN_THE_TOP_CARD = _TurnsTheTopCard()


class ElGatoTable(Table):
    """Watch or play El Gato: ``ElGatoTable(players=4, seed="K7QM3P")``."""

    game_id = "el_gato"
    languages = ("en", "pt")
    setting_words = {
        "ace_high": Setting("ace_high", N_("The 1 (As)"),
                            ((N_("Ranks lowest"), False), (N_("Ranks above the Sota"), True)),
                            N_("Some tables rank the 1 above the Sota. The gato beats everything either way.")),
        "guerra": Setting("guerra", N_("Which ties start a guerra"),
                          ((N_("A tie for the highest card"), "highest"), (N_("Any two equal cards"), "any_pair")),
                          N_("A guerra settles a tie with another trick: only when the tied cards are the highest "
                             "of the trick, or whenever two cards are equal.")),
        "cycle_draw": None,  # guards against endless games: nothing to learn from them
        "trick_limit": None,
        "lang": None,  # the table's language is chosen when it opens
    }
    hint_score_heading = None  # nothing to choose: the odds are in the Why column
    show_all_words = N_("Teacher: show every packet in order")

    def __init__(self, players: int | None = None, seed: int | str | None = None, level: str = "medium",
                 bot_delay: float = 0.6, autoplay_delay: float = 0.8, show_all: bool = False,
                 **options: Any) -> None:
        self.autoplay_delay = autoplay_delay
        self._quiet = False
        super().__init__(players=players, seed=seed, level=level, bot_delay=bot_delay, show_all=show_all,
                         **options)

    # ---- the cloth ----
    def felt_children(self) -> list[w.Widget]:
        keep = self.players_box.value
        self._starting = True  # only the counts that divide 40; no new deal while we change the list
        self.players_box.options = list(PLAYER_COUNTS)
        self.players_box.value = keep if keep in PLAYER_COUNTS else PLAYER_COUNTS[0]
        self._starting = False
        self.seats_html = w.HTML()
        self.middle_html = w.HTML()
        self.packet_html = w.HTML()
        t = self.t
        self.hand.label = t("Your packet")
        self.play_button = w.Button(description=t("Play"), icon="play", button_style="primary",
                                    tooltip=t("Turn the top card of your packet (Enter or space on your packet)"))
        self.play_button.add_class("parlour-el-gato-play")
        self.play_button.on_click(lambda _: self.act("play"))
        self.autoplay_button = w.ToggleButton(description=t("Autoplay"), icon="forward", value=False,
                                              tooltip=t("Play the whole game, trick by trick; press again to stop"))
        self.autoplay_button.observe(self._autoplay_changed, "value")
        self.finish_button = w.Button(description=t("Finish"), icon="fast-forward",
                                      tooltip=t("Play the rest of the game at once and show the end"))
        self.finish_button.on_click(lambda _: self.finish())
        self.speed_box = self.speed_control(self.autoplay_delay)
        buttons = w.HBox([self.play_button, self.autoplay_button, self.finish_button, self.speed_box,
                          self.hint_button, self.undo_button])
        set_layout(buttons, flex_flow="row wrap")
        mine = w.HBox([self.hand, self.packet_html])
        return [self.seats_html, self.middle_html, self.status, mine, buttons]

    def draw(self, view: dict[str, Any]) -> None:
        self._draw_seats(view)
        self._draw_middle(view)
        me = self.human
        size = view["packet_sizes"][me]
        my_turn = view["current_player"] == me
        t = self.t
        tip = (t("Turn your top card (click, Enter or space)") if my_turn
               else t("Wait for your turn") if not view["is_over"] else t("The game is over"))
        self.hand.show([None] if size or my_turn else [], playable=[my_turn] if size or my_turn else [],
                       tooltips=[tip] if size or my_turn else [])
        badge = f" · <b>{esc(t('safe'))}</b>" if view["safe"][me] else ""
        self.packet_html.value = (f"<div class='parlour-sub' data-testid='my-packet'>{esc(t('Your packet:'))} "
                                  f"{self.t_count(size, N_('<b>{n}</b> card'), N_('<b>{n}</b> cards'))}{badge}</div>")
        self.play_button.disabled = not my_turn
        self.autoplay_button.disabled = self.finish_button.disabled = view["is_over"]

    def _draw_seats(self, view: dict[str, Any]) -> None:
        boxes = []
        for seat in range(view["players"]):
            if seat == self.human:
                continue
            size = view["packet_sizes"][seat]
            if self.show_all_box.value and size:
                game = self.game
                assert isinstance(game, ElGato)  # the teacher's switch reads the game, not a view
                body = self.cards_html([str(c) for c in game.deal.packets[seat][:8]], 26) + ("…" if size > 8 else "")
            else:
                body = self.backs_html(size, 34, drawn=1) if size else f"<i>{esc(self.t('empty'))}</i>"
            marks = f" · <b>{esc(self.t('safe'))}</b>" if view["safe"][seat] else ""
            marks += f" · {esc(self.t('dealer'))}" if view["dealer"] == seat else ""
            count = self.t_count(size, N_("{n} card"), N_("{n} cards"))
            boxes.append(self.seat_box_html(seat, view, body + f"<div class='parlour-sub' data-testid='packet'>"
                                                              f"{count}{marks}</div>"))
        self.seats_html.value = f"<div style='display:flex;flex-wrap:wrap;gap:6px'>{''.join(boxes)}</div>"

    def _played(self, plays: list[list[Any]], names: list[str], width: int, winner: int | None = None) -> str:
        cells = []
        for seat, card in plays:
            mark = " ★" if seat == winner else ""
            cells.append(f"<div style='text-align:center'>{card_img_html(card, width, lang=self.lang)}"
                         f"<div class='parlour-sub'>{esc(names[seat])}{mark}</div></div>")
        return f"<div style='display:flex;gap:6px;align-items:flex-end'>{''.join(cells)}</div>"

    def _draw_middle(self, view: dict[str, Any]) -> None:
        names = view["names"]
        parts = []
        if view["aside"]:
            tied = words.join([words.inside(names[s]) for s in view["guerra"]], self.t("and"))  # "you and Ben"
            aside = self.t("set aside until {who} settle it", who=tied)
            parts.append(f"<div data-testid='aside' style='opacity:.85'><div class='parlour-sub'><b>Guerra!</b> "
                         f"{esc(aside)}</div>{self._played(view['aside'], names, 44)}</div>")
        title = (self.t("Game over") if view["is_over"] else self.t("Tie-break") if view["guerra"]
                 else self.t("Trick {n}", n=view['tricks'] + 1))
        empty = self.t("No more tricks.") if view["is_over"] else self.t("No card turned yet.")
        now = (self._played(view["trick"], names, 70) if view["trick"]
               else f"<div class='parlour-sub' style='width:80px'>{empty}</div>")
        parts.append(f"<div data-testid='trick'><div class='parlour-sub'>{title}</div>{now}</div>")
        last = view["last_trick"]
        if last is not None and last["winner"] is not None:
            caption = esc(self.t(N_("{who} took the last trick and the guerra") if last["guerra"] else
                                 N_("{who} took the last trick"), who=names[last["winner"]]))
            parts.append(f"<div data-testid='last-trick' style='opacity:.9'><div class='parlour-sub'>{caption}</div>"
                         f"{self._played(last['aside'] + last['plays'], names, 40, last['winner'])}</div>")
        self.middle_html.value = (f"<div class='parlour-center' style='display:flex;gap:18px;"
                                  f"min-height:140px'>{''.join(parts)}</div>")

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        t = self.t
        rows = "".join(f"<tr><td>{esc(n)}</td><td>{view['packet_sizes'][s]}</td>"
                       f"<td>{esc(t('safe')) if view['safe'][s] else ''}</td></tr>"
                       for s, n in enumerate(view["names"]))
        played = self.t_count(view["tricks"], N_("{n} trick played"), N_("{n} tricks played"))
        return (f"<b>{esc(t('Packets'))}</b> ({esc(played)})<table>{rows}</table>"
                f"<small>{esc(t('The last player holding cards loses; a draw if the game would loop.'))}</small>")

    def turn_prompt(self, view: dict[str, Any]) -> str:
        return self.t("Press Play (or Enter on your packet) to turn your top card, or Autoplay to watch.")

    def _draw_status(self, view: dict[str, Any]) -> None:
        if not self.game.is_over and self.autoplay_button.value:
            self.say(self.t("<b>Autoplay</b> turns every card, yours too. Press <b>Stop</b> to take over, or "
                            "<b>Finish</b> to see the end now."))
            return
        if not self.game.is_over and view["current_player"] != self.human:
            self.say(esc(self.t("{who} turns a card…", who=self.names[view["current_player"]])))
            return
        super()._draw_status(view)

    def action_label(self, action: str) -> str:
        """The move as its button reads ("Play"): the hint's headline names it so."""
        return self.play_button.description if action == "play" else action

    # ---- the learner's moves ----
    def _on_card_clicked(self, index: int, card: str | None) -> None:
        self.act("play")  # the packet is face down: clicking it turns the top card

    # ---- the show: Autoplay is the table's driver playing your cards too ----
    def _play_round(self) -> list[str]:
        """Play cards, whoever's they are, until the trick (or a guerra round) is decided; not painted."""
        said: list[str] = []
        self._pending = None  # a bot's card chosen before this round no longer applies

        def decided(_game: engine.Game, events: list[engine.Event]) -> bool:
            said.extend(e.text for e in events)
            return any(e.kind in DECIDED for e in events)

        engine.play(self.game, {**self.bots, self.human: TURN_THE_TOP_CARD}, stop=decided)
        return said

    def step(self) -> list[str]:
        """One round of the show, painted: what was said."""
        self.halt_driver()
        said = self._play_round()
        self.hint_panel.value = ""
        self.refresh()
        self.drive()
        return said

    def finish(self) -> None:
        """Stop any Autoplay and play the rest of the game at once: you are out, or seen enough."""
        self._stop_autoplay()
        self.play_to_end()

    def play_to_end(self) -> None:
        """The whole game at once, painted once at the end (a repaint per trick floods a page)."""
        self.halt_driver()
        while not self.game.is_over:
            self._play_round()
        self.hint_panel.value = ""
        self.refresh()

    @property
    def autoplaying(self) -> bool:
        return bool(self.autoplay_button.value) and not self.game.is_over

    def _bot_to_move(self) -> bool:
        return self.autoplaying or super()._bot_to_move()

    def _bot_step(self) -> None:
        if self.autoplaying:
            self._play_round()
            self.hint_panel.value = ""
        else:
            super()._bot_step()

    def step_delay(self) -> float:
        return self.autoplay_delay if self.autoplaying else self.bot_delay

    def driver_stopped(self) -> None:
        if self.game.is_over and self.autoplay_button.value:  # the show is over
            self._stop_autoplay()

    def autoplay(self, on: bool = True) -> None:
        self.autoplay_button.value = on

    def _autoplay_changed(self, change: dict[str, Any]) -> None:
        self.autoplay_button.description = self.t("Stop") if change["new"] else self.t("Autoplay")
        self._draw_status(self.game.view(self.human))
        if not self._quiet:
            self.drive()  # Autoplay on: every card in turn; off: the bots play on to your turn

    def _stop_autoplay(self) -> None:
        """Switch Autoplay off without restarting the driver (a new deal, an undo or Finish follows)."""
        self._quiet = True
        try:
            self.autoplay_button.value = False
        finally:
            self._quiet = False

    def start(self, players: int, seed: int | str) -> None:
        if hasattr(self, "autoplay_button"):
            self._stop_autoplay()
        super().start(players, seed)

    def undo(self) -> None:
        self._stop_autoplay()
        super().undo()
