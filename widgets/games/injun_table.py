"""Injun's table: every card face up but yours, which sits face down on your forehead.

Seats show their card, chips and what they have bet; the pot (or the two pots, when a
player has run out of chips) sits in the middle. The betting buttons change with the
style: Fold / Call n / Bet or Raise by an amount (poker), or Drop out / Chip in 1 /
Pay 2 to see (brag). A button you may not press is disabled and its tooltip says why.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
from engine import words
from engine.hints import Hint
from engine.games.injun import LONGEST_GAME

from widgets.card_svg import card_img_html
from widgets.settings import Setting
from widgets.shared_look import shared_layout
from widgets.table import Table
from widgets.table_html import esc

FOREHEAD = "Your card is on your forehead: everyone sees it but you."


class InjunTable(Table):
    """Play Injun against bots: ``InjunTable(players=4, seed="K7QM3P", style="brag")``."""

    game_id = "injun"
    setting_words = {
        "style": Setting("style", "Betting", (("Poker style: fold, call or raise", "poker"),
                                              ("Brag style: a chip a turn", "brag")),
                         "Poker style bets any amount; brag style adds one chip a turn until two players "
                         "are left, who may pay 2 to see."),
        "betting": Setting("betting", "When poker betting stops",
                           (("When everyone still in has matched the last raise", "standard"),
                            ("As soon as one player just matches", "seed")),
                           "Poker style only: in the quick ending, the first player who matches stops the "
                           "betting and everyone shows with the chips already in."),
        "starting_chips": Setting("starting_chips", "Chips to start", (("20", 20), ("10", 10), ("50", 50)),
                                  "How many chips each player has at the start."),
        "ante": None,
        "max_deals": Setting("max_deals", "Length",
                             (("10 deals", 10), ("5 deals", 5), ("20 deals", 20),
                              (f"Until one player has all the chips ({LONGEST_GAME} deals at most)", None)),
                             "The game ends after this many deals, or when only one player can pay to play."),
        "min_raise": None,
        "max_raise": None,
        "odd_chip": Setting("odd_chip", "Odd chip of a shared pot",
                            (("To the first winner left of the dealer", "left_of_dealer"),
                             ("Stays in the middle for the next pot", "next_pot")),
                            "When a pot cannot be shared equally, where the chip left over goes."),
        "lang": None,  # the table's language is chosen when it opens
    }
    hint_score_heading = "Chips*"
    hint_score_format = "{:+.2f}"
    hint_score_note = ("* chips you can expect to win (+) or lose (−) with the move, from the cards you can see and "
                       "the others' bets, read as the hint explains.")

    _filled_by: Hint | None = None  #: the hint that last filled the amount box (each hint fills it once)

    def felt_children(self) -> list[w.Widget]:
        self.style_box = w.ToggleButtons(options=[("Poker style", "poker"), ("Brag style", "brag")],
                                         value=self.options.get("style", "poker"), description="Betting",
                                         tooltips=["Fold, call or raise",
                                                   "A chip a turn; the last two may pay 2 to see"])
        self.style_box.observe(self._style_changed, "value")
        self.seats_html = w.HTML()
        self.pot_html = w.HTML()
        self.banner = w.HTML()
        self.hand.label = "Your card"
        self.hand.interactive = False
        self.forehead_note = w.HTML(f"<div class='parlour-sub'>{esc(FOREHEAD)}</div>")
        mine = w.VBox([self.hand, self.forehead_note])
        middle = w.HBox([mine, self.pot_html])
        middle.add_class("parlour-center")
        self.fold_button = w.Button(description="Fold", icon="times", layout=shared_layout(width="auto"))
        self.call_button = w.Button(description="Call", icon="check", layout=shared_layout(width="auto"))
        self.amount_box = w.IntText(value=1, description="Raise by", layout=shared_layout(width="150px"),
                                    tooltip="How many chips above the highest bet")
        self.raise_button = w.Button(description="Raise", icon="arrow-up", button_style="warning",
                                     layout=shared_layout(width="auto"))
        self.chip_button = w.Button(description="Chip in 1", icon="plus", layout=shared_layout(width="auto"))
        self.see_button = w.Button(description="Pay 2 to see", icon="eye", layout=shared_layout(width="auto"))
        self.fold_button.on_click(lambda _: self.act("fold"))
        self.call_button.on_click(lambda _: self.act("call"))
        self.raise_button.on_click(lambda _: self.act(self.raise_action()))
        self.chip_button.on_click(lambda _: self.act("chip"))
        self.see_button.on_click(lambda _: self.act("see"))
        self.amount_box.observe(lambda _: self.refresh(), "value")
        self.poker_controls = w.HBox([self.fold_button, self.call_button, self.amount_box, self.raise_button])
        self.brag_controls = w.HBox([self.fold_button, self.chip_button, self.see_button])
        self.controls = w.VBox()
        buttons = w.HBox([self.hint_button, self.undo_button])
        return [self.style_box, self.seats_html, middle, self.banner, self.status, self.controls, buttons]

    # ---- moves ----
    def raise_action(self) -> str:
        """``bet n`` when nobody has bet yet, else ``raise n`` (n from the amount box)."""
        verb = "raise" if self.game.view(self.human)["high_bet"] else "bet"
        return f"{verb} {self.amount_box.value}"

    def _style_changed(self, change: Any) -> None:
        if not self._starting:
            self.options = {**self.options, "style": change["new"]}
            self.start(self.players, self.seed)

    def action_label(self, action: str) -> str:
        """A move in the words of its button ("Chip in 1"); a bet or raise as the amount box reads it."""
        verb, _, arg = action.partition(" ")
        buttons = {"chip": self.chip_button, "see": self.see_button, "fold": self.fold_button,
                   "call": self.call_button}
        if verb in ("bet", "raise"):
            return f"{'Bet' if verb == 'bet' else 'Raise by'} {arg}"
        return buttons[verb].description if verb in buttons else action

    # ---- painting ----
    def draw(self, view: dict[str, Any]) -> None:
        if self.style_box.value != view["style"]:  # the Settings panel chose the other style
            self._starting, was = True, self._starting
            self.style_box.value = view["style"]
            self._starting = was
        self._draw_seats(view)
        self._draw_pot(view)
        mine = view["cards"][self.human]
        if self.show_all_box.value and not view["revealed"]:
            mine = self.game.view((self.human + 1) % view["players"])["cards"][self.human]
        self.hand.show([mine] if view["in_deal"][self.human] else [],
                       playable=[False] * (1 if view["in_deal"][self.human] else 0),
                       tooltips=["Your own card" if mine else FOREHEAD] * (1 if view["in_deal"][self.human] else 0))
        self.forehead_note.value = (f"<div class='parlour-sub'>{esc(FOREHEAD if mine is None else 'Your card.')}</div>"
                                    if view["in_deal"][self.human] else
                                    "<div class='parlour-sub'>You sit out: no chips for the ante.</div>")
        self._draw_controls(view)
        self.banner.value = self._last_deal_html(view)

    def _draw_seats(self, view: dict[str, Any]) -> None:
        boxes = []
        for seat in range(view["players"]):
            card = view["cards"][seat]
            if seat == self.human:
                picture = card_img_html(card, 40) if card else card_img_html(None, 40)
            else:
                picture = card_img_html(card, 40) if card else ""
            notes = []
            if seat == view["dealer"]:
                notes.append("dealer")
            if not view["in_deal"][seat]:
                notes.append("sits out")
            elif view["folded"][seat]:
                notes.append("folded")
            elif view["all_in"][seat]:
                notes.append("card on the pot" if view["style"] == "brag" else "all in")
            bet = view["contributed"][seat]
            chips = words.count(view["chips"][seat], "chip")
            body = (f"{picture}<div class='parlour-sub' data-testid='seat-{seat}'>{chips}"
                    f"{f' · in the pot {bet}' if bet else ''}{' · ' + ', '.join(notes) if notes else ''}</div>")
            name = self.seat_box_html(seat, view, body)
            if view["folded"][seat] or not view["in_deal"][seat]:
                name = f"<div style='opacity:.55'>{name}</div>"
            boxes.append(name)
        self.seats_html.value = f"<div style='display:flex;flex-wrap:wrap;gap:6px'>{''.join(boxes)}</div>"

    def _draw_pot(self, view: dict[str, Any]) -> None:
        pots = view["pots"]
        names = view["names"]
        if len(pots) > 1:
            lines = "".join(
                f"<div class='parlour-sub'>{'First' if i == 0 else 'Second' if i == 1 else f'Side {i + 1}'} pot: "
                f"<b>{p['amount']}</b> for {esc(', '.join(names[s] for s in p['eligible']))}</div>"
                for i, p in enumerate(pots))
        else:
            lines = ""
        high = f"<div class='parlour-sub'>highest bet this round: {view['high_bet']}</div>" \
            if view["style"] == "poker" and view["high_bet"] else ""
        self.pot_html.value = (f"<div style='text-align:center'><div class='parlour-sub'>Pot</div>"
                               f"<div class='parlour-big' data-testid='pot'>{view['pot_total']}</div>{lines}{high}"
                               f"<div class='parlour-sub'>Deal {view['deal_number'] + 1}"
                               f"{' of ' + str(view['max_deals']) if view['max_deals'] else ''}</div></div>")

    def _button(self, button: w.Button, action: str, label: str, hinted: str | None) -> None:
        button.description = label
        why = self.game.why_illegal(action, self.human)
        button.disabled = why is not None
        button.tooltip = why or f"{label}"
        if button is not self.raise_button:
            button.button_style = "info" if hinted == action else ""

    def _draw_controls(self, view: dict[str, Any]) -> None:
        brag = view["style"] == "brag"
        self.controls.children = [self.brag_controls if brag else self.poker_controls]
        hinted = self._last_hint.action if self._last_hint else None
        two = len(view["bettors"]) == 2
        self._button(self.fold_button, "fold", ("Quit" if two else "Drop out") if brag else "Fold", hinted)
        if brag:
            self._button(self.chip_button, "chip", "Chip in 1", hinted)
            self._button(self.see_button, "see", f"Pay {view['see_cost']} to see", hinted)
            return
        call = min(view["to_call"], view["chips"][self.human])
        short = " (all in)" if 0 < call < view["to_call"] else ""
        ends = " and end the betting" if view["options"].get("betting") == "seed" else ""  # the seed's rule
        self._button(self.call_button, "call", f"Call {call}{short}{ends}" if view["high_bet"] else "Call", hinted)
        opening = not view["high_bet"]
        self.amount_box.description = "Bet" if opening else "Raise by"
        bounds = view["raise_range"]  # any amount in it is legal; the move list offers only a few
        self.amount_box.tooltip = (f"{bounds[0]} to {bounds[1]} chips{'' if opening else ' above the highest bet'}"
                                   if bounds else "No bet or raise is possible now")
        action = self.raise_action()
        n = self.amount_box.value
        label = f"Bet {n}" if opening else f"Raise by {n} (to {view['high_bet'] + n})"
        self._button(self.raise_button, action, label, hinted)
        self.raise_button.button_style = "info" if hinted == action else "warning"
        hint = self._last_hint
        if hint is not None and hint is not self._filled_by and hinted and hinted.split()[0] in ("bet", "raise"):
            # the hint fills the box once, when it opens; an amount the learner types afterwards stays
            self._filled_by = hint
            self.amount_box.value = int(hinted.split()[1])  # repaints through the observer

    def _last_deal_html(self, view: dict[str, Any]) -> str:
        """The previous deal's cards and who won, kept in sight during the next deal."""
        last = view["last_result"]
        if last is None:
            return ""
        cards = "".join(
            f"<span style='display:inline-block;text-align:center;margin-right:6px'>{card_img_html(c, 28)}"
            f"<br><small>{esc(view['names'][s])}</small></span>"
            for s, c in enumerate(last["cards"]) if c is not None)
        won = ", ".join(f"{view['names'][s]} {d:+d}" for s, d in enumerate(last["won"]) if d)
        return (f"<div class='parlour-sub' data-testid='last-deal'><b>Deal {last['deal'] + 1}:</b> {esc(won)}"
                f"<div>{cards}</div></div>")

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        return "<small>Scores are the chips in front of each player; chips carry over from deal to deal.</small>"

    def turn_prompt(self, view: dict[str, Any]) -> str:
        if view["style"] == "brag":
            if len(view["bettors"]) == 2:
                return "You are one of the last two: chip in 1, pay 2 to see, or quit."
            return "Put in a chip to stay in, or drop out."
        if view["high_bet"]:
            return f"Fold, call {min(view['to_call'], view['chips'][self.human])}, or raise (Tab to a button, Enter)."
        return "Open the betting with a bet of any size, or fold (Tab to a button, Enter)."
