"""Injun's table: every card face up but yours, which sits face down on your forehead.

Seats show their card, chips and what they have bet; the pot (or the two pots, when a
player has run out of chips) sits in the middle. The betting buttons change with the
style: Fold / Call n / Bet or Raise by an amount (poker), or Drop out / Chip in 1 /
Pay 2 to see (brag). A button you may not press is disabled and its tooltip says why.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
from engine.hints import Hint
from engine.i18n import N_

from widgets.card_svg import card_img_html
from widgets.settings import Setting
from widgets.shared_look import shared_layout
from widgets.table import Table
from widgets.table_html import esc

FOREHEAD = N_("Your card is on your forehead: everyone sees it but you.")


class InjunTable(Table):
    """Play Injun against bots: ``InjunTable(players=4, seed="K7QM3P", style="brag")``."""

    game_id = "injun"
    languages = ("en", "pt")
    setting_words = {
        "style": Setting("style", N_("Betting"), ((N_("Poker style: fold, call or raise"), "poker"),
                                                  (N_("Brag style: a chip a turn"), "brag")),
                         N_("Poker style bets any amount; brag style adds one chip a turn until two players "
                            "are left, who may pay 2 to see.")),
        "betting": Setting("betting", N_("When poker betting stops"),
                           ((N_("When everyone still in has matched the last raise"), "standard"),
                            (N_("As soon as one player just matches"), "seed")),
                           N_("Poker style only: in the quick ending, the first player who matches stops the "
                              "betting and everyone shows with the chips already in.")),
        "starting_chips": Setting("starting_chips", N_("Chips to start"), (("20", 20), ("10", 10), ("50", 50)),
                                  N_("How many chips each player has at the start.")),
        "ante": None,
        "max_deals": Setting("max_deals", N_("Length"),
                             ((N_("10 deals"), 10), (N_("5 deals"), 5), (N_("20 deals"), 20),
                              (N_("Until one player has all the chips (100 deals at most)"), None)),
                             N_("The game ends after this many deals, or when only one player can pay to play.")),
        "min_raise": None,
        "max_raise": None,
        "odd_chip": Setting("odd_chip", N_("Odd chip of a shared pot"),
                            ((N_("To the first winner left of the dealer"), "left_of_dealer"),
                             (N_("Stays in the middle for the next pot"), "next_pot")),
                            N_("When a pot cannot be shared equally, where the chip left over goes.")),
        "lang": None,  # the table's language is chosen when it opens
    }
    hint_score_heading = N_("Chips*")
    hint_score_format = "{:+.2f}"
    hint_score_note = N_("* chips you can expect to win (+) or lose (−) with the move, from the cards you can see "
                         "and the others' bets, read as the hint explains.")

    _filled_by: Hint | None = None  #: the hint that last filled the amount box (each hint fills it once)

    def felt_children(self) -> list[w.Widget]:
        t = self.t
        self.style_box = w.ToggleButtons(options=[(t("Poker style"), "poker"), (t("Brag style"), "brag")],
                                         value=self.options.get("style", "poker"), description=t("Betting"),
                                         tooltips=[t("Fold, call or raise"),
                                                   t("A chip a turn; the last two may pay 2 to see")])
        self.style_box.observe(self._style_changed, "value")
        self.seats_html = w.HTML()
        self.pot_html = w.HTML()
        self.banner = w.HTML()
        self.hand.label = t("Your card")
        self.hand.interactive = False
        self.forehead_note = w.HTML(f"<div class='parlour-sub'>{esc(t(FOREHEAD))}</div>")
        mine = w.VBox([self.hand, self.forehead_note])
        middle = w.HBox([mine, self.pot_html])
        middle.add_class("parlour-center")
        self.fold_button = w.Button(description=t("Fold"), icon="times", layout=shared_layout(width="auto"))
        self.call_button = w.Button(description=t("Call"), icon="check", layout=shared_layout(width="auto"))
        self.amount_box = w.IntText(value=1, description=t("Raise by"), layout=shared_layout(width="150px"),
                                    tooltip=t("How many chips above the highest bet"))
        self.raise_button = w.Button(description=t("Raise"), icon="arrow-up", button_style="warning",
                                     layout=shared_layout(width="auto"))
        self.chip_button = w.Button(description=t("Chip in 1"), icon="plus", layout=shared_layout(width="auto"))
        self.see_button = w.Button(description=t("Pay 2 to see"), icon="eye", layout=shared_layout(width="auto"))
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
            return self.t(N_("Bet {n}") if verb == "bet" else N_("Raise by {n}"), n=arg)
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
                       tooltips=[self.t("Your own card") if mine else self.t(FOREHEAD)]
                       * (1 if view["in_deal"][self.human] else 0))
        note = self.t(FOREHEAD) if mine is None else self.t("Your card.")
        self.forehead_note.value = (f"<div class='parlour-sub'>{esc(note)}</div>" if view["in_deal"][self.human] else
                                    f"<div class='parlour-sub'>{esc(self.t('You sit out: no chips for the ante.'))}"
                                    "</div>")
        self._draw_controls(view)
        self.banner.value = self._last_deal_html(view)

    def _draw_seats(self, view: dict[str, Any]) -> None:
        boxes = []
        for seat in range(view["players"]):
            card = view["cards"][seat]
            if seat == self.human:
                picture = card_img_html(card, 40, lang=self.lang) if card else card_img_html(None, 40, lang=self.lang)
            else:
                picture = card_img_html(card, 40, lang=self.lang) if card else ""
            t = self.t
            notes = []
            if seat == view["dealer"]:
                notes.append(t("dealer"))
            if not view["in_deal"][seat]:
                notes.append(t("sits out"))
            elif view["folded"][seat]:
                notes.append(t("folded"))
            elif view["all_in"][seat]:
                notes.append(t("card on the pot") if view["style"] == "brag" else t("all in"))
            bet = view["contributed"][seat]
            chips = self.t_count(view["chips"][seat], N_("{n} chip"), N_("{n} chips"))
            body = (f"{picture}<div class='parlour-sub' data-testid='seat-{seat}'>{esc(chips)}"
                    f"{' · ' + esc(t('in the pot {n}', n=bet)) if bet else ''}"
                    f"{' · ' + esc(', '.join(notes)) if notes else ''}</div>")
            name = self.seat_box_html(seat, view, body)
            if view["folded"][seat] or not view["in_deal"][seat]:
                name = f"<div style='opacity:.55'>{name}</div>"
            boxes.append(name)
        self.seats_html.value = f"<div style='display:flex;flex-wrap:wrap;gap:6px'>{''.join(boxes)}</div>"

    def _draw_pot(self, view: dict[str, Any]) -> None:
        pots = view["pots"]
        names = view["names"]
        t = self.t
        if len(pots) > 1:
            lines = "".join(
                "<div class='parlour-sub'>"
                + t(N_("First pot: <b>{n}</b> for {who}") if i == 0 else N_("Second pot: <b>{n}</b> for {who}")
                    if i == 1 else N_("Side {k} pot: <b>{n}</b> for {who}"),
                    k=i + 1, n=p["amount"], who=esc(", ".join(names[s] for s in p["eligible"])))
                + "</div>" for i, p in enumerate(pots))
        else:
            lines = ""
        high = f"<div class='parlour-sub'>{esc(t('highest bet this round: {n}', n=view['high_bet']))}</div>" \
            if view["style"] == "poker" and view["high_bet"] else ""
        deal = (t("Deal {n} of {total}", n=view["deal_number"] + 1, total=view["max_deals"]) if view["max_deals"]
                else t("Deal {n}", n=view["deal_number"] + 1))
        self.pot_html.value = (f"<div style='text-align:center'><div class='parlour-sub'>{esc(t('Pot'))}</div>"
                               f"<div class='parlour-big' data-testid='pot'>{view['pot_total']}</div>{lines}{high}"
                               f"<div class='parlour-sub'>{esc(deal)}</div></div>")

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
        t = self.t
        self._button(self.fold_button, "fold", (t("Quit") if two else t("Drop out")) if brag else t("Fold"), hinted)
        if brag:
            self._button(self.chip_button, "chip", t("Chip in 1"), hinted)
            self._button(self.see_button, "see", t("Pay {n} to see", n=view["see_cost"]), hinted)
            return
        call = min(view["to_call"], view["chips"][self.human])
        short = 0 < call < view["to_call"]
        seed_rule = view["options"].get("betting") == "seed"  # the quick ending: a call ends the betting
        label = (t("Call") if not view["high_bet"] else
                 t(N_("Call {n} (all in) and end the betting") if short and seed_rule else
                   N_("Call {n} (all in)") if short else
                   N_("Call {n} and end the betting") if seed_rule else N_("Call {n}"), n=call))
        self._button(self.call_button, "call", label, hinted)
        opening = not view["high_bet"]
        self.amount_box.description = t("Bet") if opening else t("Raise by")
        bounds = view["raise_range"]  # any amount in it is legal; the move list offers only a few
        self.amount_box.tooltip = (t(N_("{low} to {high} chips") if opening else
                                     N_("{low} to {high} chips above the highest bet"), low=bounds[0], high=bounds[1])
                                   if bounds else t("No bet or raise is possible now"))
        action = self.raise_action()
        n = self.amount_box.value
        label = t("Bet {n}", n=n) if opening else t("Raise by {n} (to {total})", n=n, total=view["high_bet"] + n)
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
            f"<span style='display:inline-block;text-align:center;margin-right:6px'>"
            f"{card_img_html(c, 28, lang=self.lang)}"
            f"<br><small>{esc(view['names'][s])}</small></span>"
            for s, c in enumerate(last["cards"]) if c is not None)
        won = ", ".join(f"{view['names'][s]} {d:+d}" for s, d in enumerate(last["won"]) if d)
        deal = self.t("Deal {n}:", n=last["deal"] + 1)
        return (f"<div class='parlour-sub' data-testid='last-deal'><b>{esc(deal)}</b> {esc(won)}"
                f"<div>{cards}</div></div>")

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        scores = self.t("Scores are the chips in front of each player; chips carry over from deal to deal.")
        return f"<small>{esc(scores)}</small>"

    def turn_prompt(self, view: dict[str, Any]) -> str:
        t = self.t
        if view["style"] == "brag":
            if len(view["bettors"]) == 2:
                return t("You are one of the last two: chip in 1, pay 2 to see, or quit.")
            return t("Put in a chip to stay in, or drop out.")
        if view["high_bet"]:
            return t("Fold, call {n}, or raise (Tab to a button, Enter).",
                     n=min(view["to_call"], view["chips"][self.human]))
        return t("Open the betting with a bet of any size, or fold (Tab to a button, Enter).")
