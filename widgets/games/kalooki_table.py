"""Kalooki's table: this deal's contract, what you still need, the melds on the cloth (jokers
labelled with the card they stand for), the stock and the pile, and a Call button out of turn.

Calls are fair by construction: whenever you may call a discard the bots stop and wait
until you press **Call** or **No call** (the "Stop for my calls" box switches that off,
and then the bots play on without offering you calls). The bots themselves are asked in
seat order, nearest after the player to move first, right after each discard; each answers
with a legal move, "call" or "pass" (your **No call** is a "pass" too).

It is the shared :class:`widgets.table.Table` with Kalooki's own screens (contracts, calls, the deal sheet);
Basic Rummy's table (:mod:`widgets.games.rummy_table`) is a separate subclass of it.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

import engine
from engine.cards import parse_card
from engine.games import kalooki_ai as ai
from engine.games.kalooki import DEALS, contract_said
from engine.i18n import N_, say
from widgets.card_svg import STOCK
from widgets.settings import Setting
from widgets.shared_look import set_layout, set_style, shared_layout
from widgets.table import Table
from widgets.table_html import esc

KALOOKI_CSS = """
<style>
.kal-banner { font-size: 16px; font-weight: 600; }
.kal-need { font-size: 14px; opacity: .95; }
.kal-seats { display: flex; flex-wrap: wrap; gap: 4px; }
.kal-middle { display: flex; align-items: center; gap: 18px; margin: 6px 0; }
.kal-pile { text-align: center; font-size: 12px; }
.kal-melds { display: flex; flex-wrap: wrap; gap: 8px; min-height: 40px; }
.kal-meld { background: rgba(0,0,0,.16); border-radius: 8px; padding: 3px 6px; font-size: 11px; }
.kal-meld .parlour-card-img { margin-right: -8px; }
.kal-stand { font-size: 11px; color: #ffd54a; }
.kal-actions { flex-wrap: wrap; gap: 4px; align-items: center; }
.kal-actions .widget-button { min-height: 44px; }
.parlour-panel .kal-score td, .parlour-panel .kal-score th { text-align: right; font-size: 12px; }
.parlour-panel .kal-score td:first-child, .parlour-panel .kal-score th:first-child { text-align: left; }
</style>
"""


def card_words(card: str, lang: str = "en") -> str:
    """"Joker" / "Curinga", else the card's symbol ("7♥")."""
    return say(lang, "Joker") if card == "JK" else parse_card(card).symbol


#: The words on the button that makes each move (catalog messages); the hint names a move with the same words.
BUTTON_WORDS = {"draw": N_("Draw from stock"), "take": N_("Take {card}"), "call": N_("Call {card}"),
                "pass": N_("No call"), "allow": N_("Allow the call"), "refuse": N_("Refuse (take it)"),
                "lay": N_("Lay down"), "challenge": N_("Challenge")}
#: a meld's kind in the words of the melds on the cloth ("1. Your four")
KIND_WORDS = {"three": N_("three"), "four": N_("four")}


class KalookiTable(Table):
    """Play Kalooki against bots: ``KalookiTable(players=4, seed="K7QM3P", deals="short")``."""

    game_id = "kalooki"
    languages = ("en", "pt")
    hint_score_heading = None
    setting_words = {
        "deals": Setting("deals", N_("Length"),
                         ((N_("All nine deals"), "full"), (N_("Deals 1 to 3 (a class period)"), "short")),
                         N_("The whole match, or its first three contracts for a short lesson.")),
        "trinidad_jokers": Setting("trinidad_jokers", N_("Jokers in melds"),
                                   ((N_("A three needs two real cards; no two jokers side by side"), False),
                                    (N_("Trinidad: one real card is enough; jokers may stand together"), True)),
                                   N_("How many jokers a three or a four may hold.")),
        "joker_swaps": Setting("joker_swaps", N_("Joker swaps"),
                               ((N_("Off: a joker stays in its meld"), False),
                                (N_("Trinidad: swap the real card for a joker in your own four"), True)),
                               N_("Whether you may take a joker back by laying the card it stands for.")),
        "trinidad_calls": Setting("trinidad_calls", N_("Calls"),
                                  ((N_("Any number, only before you lay down"), False),
                                   (N_("Trinidad: at most three a deal, also after laying down"), True)),
                                  N_("When you may call a discard out of turn, and how often.")),
        "challenge": Setting("challenge", N_("The challenge"),
                             ((N_("Off"), False), (N_("Trinidad: challenge a hand of more than 18 cards"), True)),
                             N_("Whoever is wrong scores his hand plus 50 and sits out the rest of the deal.")),
        "max_rebuilds": None,
        "lang": None,  # the table's language is chosen when it opens
    }

    def deal_code(self, code: str) -> None:
        """A code carries the settings whenever one differs from the game's, so a code without
        them is a match with every menu at its default: all nine deals, even at a table that opened
        on the short match (the table's own start options would turn a full match's code short)."""
        menus = {s.option for s in self.settings}
        start = self.start_options
        self.start_options = {k: v for k, v in start.items() if k not in menus}
        try:
            super().deal_code(code)
        finally:
            self.start_options = start

    # ---- the widgets on the cloth ----
    def felt_children(self) -> list[w.Widget]:
        self.css_html = w.HTML(KALOOKI_CSS)
        self.banner = w.HTML()
        self.banner.add_class("kal-banner")
        self.need_html = w.HTML()
        self.need_html.add_class("kal-need")
        self.seats_html = w.HTML()
        self.middle_html = w.HTML()
        self.melds_html = w.HTML()
        t = self.t
        self.draw_button = w.Button(description=t(BUTTON_WORDS["draw"]), tooltip=t("Take the top card of the stock"))
        # "Take"/"Call" and the top discard: the first painting names the card
        self.take_button = w.Button(description=t(BUTTON_WORDS["take"], card=t("the discard")),
                                    tooltip=t("Take the top card of the discard pile"))
        self.lay_button = w.Button(description=t(BUTTON_WORDS["lay"]), button_style="success",
                                   tooltip=t("Lay down this deal's contract (keeping the fewest points in hand)"))
        self.tack_box = w.Dropdown(options=[], description=t("Tack"), layout=shared_layout(width="230px"))
        self.tack_button = w.Button(description=t("Tack it"), tooltip=t("Put the chosen card onto the chosen meld"))
        self.challenge_box = w.Dropdown(options=[], description=t("Who"), layout=shared_layout(width="230px"),
                                        tooltip=t("The player you say holds more than 18 cards"))
        set_style(self.challenge_box, description_width="40px")
        self.challenge_button = w.Button(description=t(BUTTON_WORDS["challenge"]),
                                         tooltip=t("Say this player holds more than 18 cards: whoever is wrong "
                                                   "scores his hand plus 50 and sits out the deal"))
        self.call_button = w.Button(description=t(BUTTON_WORDS["call"], card=t("the discard")),
                                    button_style="warning",
                                    tooltip=t("Take the top discard out of turn, with a penalty card from the stock"))
        self.no_call_button = w.Button(description=t(BUTTON_WORDS["pass"]),
                                       tooltip=t("Let the discard go; play goes on"))
        self.allow_button = w.Button(description=t(BUTTON_WORDS["allow"]),
                                     tooltip=t("The caller takes the discard and a penalty card; you then draw "
                                               "from the stock"))
        self.refuse_button = w.Button(description=t(BUTTON_WORDS["refuse"]),
                                      tooltip=t("Take the discard yourself as your draw"))
        self.wait_box = w.Checkbox(value=True, description=t("Stop for my calls"), indent=False,
                                   layout=shared_layout(width="170px"))
        self._pending = None
        self.draw_button.on_click(lambda _: self.act("draw"))
        self.take_button.on_click(lambda _: self.act("take"))
        self.lay_button.on_click(lambda _: self.lay_down())
        self.tack_button.on_click(lambda _: self.tack())
        self.challenge_button.on_click(lambda _: self.challenge())
        self.call_button.on_click(lambda _: self.call())
        self.no_call_button.on_click(lambda _: self.no_call())
        self.allow_button.on_click(lambda _: self.act("allow"))
        self.refuse_button.on_click(lambda _: self.act("refuse"))
        self.wait_box.observe(lambda _: self._after_move(), "value")
        self.hand.card_width = 60
        actions = w.HBox([self.draw_button, self.take_button, self.call_button, self.no_call_button,
                          self.allow_button, self.refuse_button, self.lay_button, self.tack_box, self.tack_button,
                          self.challenge_box, self.challenge_button])
        actions.add_class("kal-actions")
        buttons = w.HBox([self.hint_button, self.undo_button, self.wait_box])
        return [self.css_html, self.banner, self.need_html, self.seats_html, self.middle_html, self.melds_html,
                self.status, actions, self.hand, buttons]

    # ---- moves ----
    def card_action(self, card: str) -> str:
        return f"discard {card}"

    def playable_tip(self, view: dict[str, Any], card: str) -> str:
        return self.t("Discard {card}", card=card_words(card, self.lang))

    def lay_down(self) -> bool:
        lays = [a for a in self.game.view(self.human)["legal"] if a.startswith("lay ")]
        if not lays:
            self.say("⚠ " + self.t("You cannot lay down the contract yet."))
            return False
        return self.act(lays[0])

    def tack(self) -> bool:
        if not self.tack_box.value:
            self.say("⚠ " + self.t("Nothing of yours fits a meld on the table now."))
            return False
        return self.act(self.tack_box.value)

    def challenge(self) -> bool:
        """Trinidad's challenge (docs/rules/kalooki.md#kalooki.challenge): the chosen player holds more than 18 cards,
        or you pay."""
        if not self.challenge_box.value:
            self.say("⚠ " + self.t("You may challenge only at the start of your turn, with the challenge switched on "
                                   "in Settings."))
            return False
        return self.act(self.challenge_box.value)

    def call(self) -> bool:
        self._pending = None
        try:
            self.game.apply("call", self.human)
        except engine.IllegalAction as exc:  # the window closed
            self.say(f"⚠ {esc(self.said(exc))}")
            return False
        self.refresh()
        self._after_move()
        return True

    def no_call(self) -> None:
        self._pending = None
        if self.human in self.game.to_act()[1:]:
            self.game.apply("pass", self.human)
        self.refresh()
        self._after_move()

    def act(self, action: str) -> bool:
        self._pending = None  # a bot move worked out before yours no longer applies
        return super().act(action)

    # ---- the bots, calls included ----
    def _waiting_for_my_call(self) -> bool:
        g = self.game
        return self.wait_box.value and not g.is_over and self.human in g.to_act()[1:]

    def bots_hold(self) -> bool:
        return self._waiting_for_my_call()

    def paced(self, turn: engine.Turn) -> bool:
        """A bot letting a discard go is silent (no pause, no log line); a call is seen."""
        return turn.seat == self.game.current_player or turn.action == "call"

    # ---- painting ----
    def draw(self, view: dict[str, Any]) -> None:
        size, threes, fours = DEALS[view["deal_number"]]
        over = view["is_over"]
        t = self.t
        contract = contract_said(threes, fours).said(self.lang)
        self.banner.value = (t("Deal {n} of 9: {contract}, {size} cards", n=view["deal_number"], contract=contract,
                               size=size)
                             + ("" if view["deals_total"] == 9 else
                                " <small>" + t("(deal {k} of {total} in this match)", k=view["deal_index"],
                                               total=view["deals_total"]) + "</small>"))
        self.need_html.value = esc(self.need_text(view))
        self.seats_html.value = "<div class='kal-seats'>" + "".join(
            self.seat_box_html(s, view, self._seat_body(s, view)) for s in range(self.players) if s != self.human
        ) + "</div>"
        top = view["discard_top"]
        self.middle_html.value = (
            "<div class='kal-middle'>"
            f"<div class='kal-pile'>{self.backs_html(view['stock_size'], 52, STOCK, drawn=1)}"
            f"<br>{esc(t('Stock: {n}', n=view['stock_size']))}</div>"
            f"<div class='kal-pile'>{self.card_html(top, 52) if top else ''}"
            f"<br>{esc(t('Discards: {n}', n=view['discard_size']))}</div>"
            f"<div>{self._call_words(view)}</div></div>")
        self.melds_html.value = "<div class='kal-melds'>" + "".join(self._meld_html(m) for m in view["melds"]) + \
            ("" if view["melds"] else f"<i>{esc(t('No melds on the table yet.'))}</i>") + "</div>"
        legal = set(view["legal"])
        show = {
            self.draw_button: "draw" in legal,
            self.take_button: "take" in legal,
            self.call_button: "call" in legal and not over,
            self.no_call_button: "call" in legal and self._waiting_for_my_call(),
            self.allow_button: "allow" in legal,
            self.refuse_button: "refuse" in legal,
            self.lay_button: any(a.startswith("lay ") for a in legal),
        }
        for button, visible in show.items():
            set_layout(button, display=None if visible else "none")
        if top:
            self.take_button.description = self.action_label("take")
            self.call_button.description = self.action_label("call")
        self._fill_menu(self.tack_box, self.tack_button, [a for a in view["legal"] if a.startswith(("tack ", "swap "))])
        self._fill_menu(self.challenge_box, self.challenge_button,
                        [a for a in view["legal"] if a.startswith("challenge ")], self._challenge_words)
        self.draw_hand(view, view["hand"])

    def _fill_menu(self, box: w.Dropdown, button: w.Button, moves: list[str],
                   words: Callable[[str], str] | None = None) -> None:
        """A menu of exactly the engine's legal moves of one kind, never blank while it has one: the
        hinted move if it is one of them, else the one chosen before, else the first."""
        words = words or self.action_label
        before = box.value
        box.options = [(words(a), a) for a in moves]
        hinted = self._last_hint.action if self._last_hint else None
        box.value = next((a for a in (hinted, before) if a in moves), moves[0] if moves else None)
        set_layout(box, display=None if moves else "none")
        set_layout(button, display=None if moves else "none")

    def _challenge_words(self, action: str) -> str:
        seat = int(action.split()[1])
        size = self.game.view(self.human)["hand_sizes"][seat]
        return f"{self.names[seat]} ({self.t_count(size, N_('{n} card'), N_('{n} cards'))})"

    def need_text(self, view: dict[str, Any]) -> str:
        me = self.human
        t = self.t
        if view["is_over"]:
            return t("The match is over.")
        if view["laid_down"][me]:
            left = len(view["hand"])
            return self.t_count(left, N_("You have laid down. Tack what fits and get rid of your {n} card."),
                                N_("You have laid down. Tack what fits and get rid of your {n} cards."))
        threes, fours = view["contract"]["threes"], view["contract"]["fours"]
        hand = [parse_card(c) for c in view["hand"]]
        short, _ = ai.shortfall(hand, threes, fours, ai.rules_for(view))
        if short == 0:
            return t("You hold the whole contract.")
        # "2 cards short", "at least one card short": the hints' own words for the shortfall, in the table's language
        words = ai._short(short, hand, ai.FAR, lang=self.lang).words(self.lang)
        return t("You still need {contract}: {short}.", contract=contract_said(threes, fours).said(self.lang),
                 short=words)

    def _seat_body(self, seat: int, view: dict[str, Any]) -> str:
        shown = self.game.view(seat)["hand"] if self.show_all_box.value else None
        cards = (self.cards_html(shown, 26) if shown is not None
                 else self.t_count(view["hand_sizes"][seat], N_("{n} card"), N_("{n} cards")))
        bits = [cards]
        if view["laid_down"][seat]:
            bits.append(self.t("laid down"))
        if view["calls"][seat]:
            bits.append(self.t_count(view["calls"][seat], N_("{n} call"), N_("{n} calls")))
        if view["dealer"] == seat:
            bits.append(self.t("dealer"))
        return " · ".join(bits)

    def _call_words(self, view: dict[str, Any]) -> str:
        pending = view["call_pending"]
        if pending is not None:
            return self.t("<b>{who}</b> has called the discard.", who=esc(self.names[pending]))
        if view["can_call"]:
            return self.t("You may call this discard.")
        return ""

    def _meld_html(self, meld: dict[str, Any]) -> str:
        cards = self.cards_html(meld["cards"], 34)
        jokers = [f"Jk = {card_words(s, self.lang)}" for c, s in zip(meld["cards"], meld["stands_for"])
                  if c == "JK" and meld["kind"] == "four"]
        note = f"<div class='kal-stand'>{esc(', '.join(jokers))}</div>" if jokers else ""
        kind = self.t(KIND_WORDS[meld["kind"]]) if meld["kind"] in KIND_WORDS else meld["kind"]
        whose = (self.t("Your {kind}", kind=kind) if meld["owner"] == self.human else
                 self.t("{who}'s {kind}", who=esc(self.names[meld["owner"]]), kind=kind))
        return (f"<div class='kal-meld'>{meld['number']}. {whose}"
                f"<div>{cards}</div>{note}</div>")

    def end_summary(self, view: dict[str, Any]) -> str:
        """The standings, each total in penalty points (the rules class says the fewest win)."""
        return self.standings(view["scores"], view["progress"]["lowest_wins"],
                              shown=lambda p: self.t_count(p, N_("{n} point"), N_("{n} points")))

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        head = "".join(f"<th>{esc(n[:4])}</th>" for n in self.names)
        rows = []
        for i, number in enumerate(view["schedule"]):
            points = view["deal_scores"][i] if i < len(view["deal_scores"]) else None
            cells = "".join(f"<td>{p}</td>" for p in points) if points else "<td></td>" * self.players
            size, threes, fours = DEALS[number]
            contract = contract_said(threes, fours).said(self.lang)
            rows.append(f"<tr><td title='{esc(contract)}'>{number}</td>{cells}</tr>")
        return f"<table class='kal-score'><tr><th>{esc(self.t('Deal'))}</th>{head}</tr>{''.join(rows)}</table>"

    def turn_prompt(self, view: dict[str, Any]) -> str:
        legal = view["legal"]
        if "allow" in legal:
            return self.t("Someone called the discard: allow the call, or refuse it by taking the card.")
        if "draw" in legal or "take" in legal:
            return self.t("Draw from the stock or take the discard.")
        return self.t("Lay down or tack if you can, then click a card to discard it.")

    def _draw_status(self, view: dict[str, Any]) -> None:
        if self._waiting_for_my_call() and view["current_player"] != self.human:
            top = card_words(view["discard_top"], self.lang)
            self.say(self.t("<b>You may call {card}.</b> Press Call to take it with a penalty card, or No call.",
                            card=esc(top)))
            return
        super()._draw_status(view)

    def action_label(self, action: str) -> str:
        """A move in the words of the control that makes it ("pass" is the No call button)."""
        t, lang = self.t, self.lang
        verb, _, arg = action.partition(" ")
        if verb in ("take", "call"):
            top = self.game.view(self.human)["discard_top"]
            return t(BUTTON_WORDS[verb], card=card_words(top, lang) if top else t("the discard"))
        if verb in ("draw", "pass", "allow", "refuse"):
            return t(BUTTON_WORDS[verb])
        if verb == "challenge":
            return f"{t(BUTTON_WORDS[verb])} {self.names[int(arg)]}"
        if verb in ("tack", "swap"):
            words = arg.split()
            end = words[2] if len(words) == 3 else ""
            where = (f" {t('(low end)')}" if end == "low" else f" {t('(high end)')}" if end == "high" else
                     f" ({end} end)" if end else "")
            said = t("tack {card} on meld {number}" if verb == "tack" else "swap {card} on meld {number}",
                     card=card_words(words[0], lang), number=words[1])
            return said + where
        if verb == "discard":
            return t("discard {card}", card=card_words(arg, lang))
        if verb == "lay":
            melds = (" ".join(card_words(c, lang) for c in group.split()) for group in arg.split("|"))
            return f"{t(BUTTON_WORDS[verb])}: " + " | ".join(melds)
        return action
