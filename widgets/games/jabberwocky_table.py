"""Jabberwocky's table: the turn-up, the bids, the trick in the middle and the 13-round ladder.

The players sit round an oval cloth, you at the bottom and the others clockwise from
your left, so the trick's cards lie in front of whoever played them. Bids are plain
buttons (Tab and Enter reach them) plus a box to type a number: the dealer's one
forbidden bid is a disabled button whose tooltip, and the status line when typed,
give the rule (docs/rules/jabberwocky.md#jabberwocky.hook).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import cos, radians, sin
from typing import Any

import ipywidgets as w

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, parse_card
from engine.games.jabberwocky import REVOKE_PENALTY
from engine.i18n import N_, Sentence, say
from widgets.settings import Setting
from widgets.shared_look import set_layout, shared_layout
from widgets.table import Table
from widgets.table_html import esc

MAX_BID = 9  # the biggest round deals 9 cards

BOARD_W = 660
SEAT_RX = 255  # how far from the middle of the cloth the players sit, across …


@dataclass(frozen=True)
class Geometry:
    """The cloth for n players: five need more room so their trick cards don't overlap."""

    height: int
    seat_ry: int  # … and up and down
    play_rx: int  # where the cards of the trick land
    play_ry: int
    card_w: int


GEOMETRY = {3: Geometry(376, 143, 100, 52, 56), 4: Geometry(376, 143, 100, 52, 56), 5: Geometry(420, 165, 135, 66, 48)}

JABBERWOCKY_CSS = """
<style>
.jw-board { position: relative; margin: 4px auto 0; }
.jw-board .jw-cloth { position: absolute; left: 150px; right: 150px; top: 78px; bottom: 78px;
  border-radius: 50%; border: 2px solid rgba(255,255,255,.12); background: rgba(0,0,0,.08); }
.jw-board .jw-seat { position: absolute; transform: translate(-50%, -50%); min-width: 118px;
  text-align: center; margin: 0; }
.jw-board .jw-play { position: absolute; transform: translate(-50%, -50%); text-align: center; }
.jw-board .jw-play .parlour-card-img { border-radius: 4px; box-shadow: 0 2px 5px rgba(0,0,0,.4); }
.jw-board .jw-play--won .parlour-card-img { box-shadow: 0 0 0 3px #ffd54a, 0 2px 6px rgba(0,0,0,.5); }
.jw-board .jw-play--old { opacity: .8; }
.jw-who { display: block; font-size: 12px; line-height: 1.2; white-space: nowrap; }
.jw-order { display: inline-block; min-width: 15px; border-radius: 8px; background: #f4f1e8; color: #1f5a37;
  font-weight: 700; font-size: 11px; margin-right: 3px; }
.jw-caption { text-align: center; font-size: 13px; min-height: 18px; margin: 0 auto; }
.jw-strip { flex-wrap: wrap; }
.jw-dealer { display: inline-block; background: #ffd54a; color: #3a2d00; border-radius: 50%; width: 17px;
  height: 17px; line-height: 17px; font-size: 11px; font-weight: 700; margin-left: 4px; }
.jw-backs .parlour-card-img { margin: 1px -9px 1px 0 !important; }
.jw-bidwon { font-size: 13px; font-variant-numeric: tabular-nums; }
.jw-bidwon b { color: #ffd54a; }
.jw-strip { align-items: center; gap: 14px; margin-bottom: 2px; }
.jw-trump { display: flex; align-items: center; gap: 8px; }
.jw-ladder { display: flex; gap: 3px; align-items: flex-end; }
.jw-ladder span { display: inline-block; width: 22px; text-align: center; border-radius: 4px; font-size: 12px;
  background: rgba(0,0,0,.2); color: #d8e6dc; padding: 2px 0; }
.jw-ladder span.jw-done { background: rgba(255,255,255,.18); color: #f4f1e8; }
.jw-ladder span.jw-now { background: #ffd54a; color: #2b2200; font-weight: 700; outline: 2px solid #fff3b0; }
.jw-last { font-size: 12px; text-align: center; }
.jw-bids { align-items: center; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.jw-bids .widget-button { width: 40px; min-width: 40px; font-weight: 700; }
.jw-bid-note { font-size: 13px; }
.parlour-panel .jw-score td, .parlour-panel .jw-score th { text-align: center; }
.parlour-panel .jw-score td:first-child, .parlour-panel .jw-score th:first-child { text-align: left; }
</style>
"""


def _point(angle: float, rx: float, ry: float, height: int) -> tuple[float, float]:
    a = radians(angle)
    return BOARD_W / 2 + rx * cos(a), height / 2 + ry * sin(a)


def suit_words(suit: str, lang: str = "en") -> str:
    """"♠ spades" / "♠ espadas"."""
    return f"{SUIT_SYMBOLS[suit]} {say(lang, SUIT_NAMES[suit])}"


class JabberwockyTable(Table):
    """Play Jabberwocky against bots: ``JabberwockyTable(players=4, seed="K7QM3P", rounds="short")``."""

    game_id = "jabberwocky"
    languages = ("en", "pt")
    setting_words = {
        "revoke": Setting("revoke", N_("Not following suit"),
                          ((N_("Not allowed: only cards that follow suit"), "strict"),
                           (N_("Table mode: allowed, costs 3 points"), "table")),
                          N_("At a real table you could play a card that does not follow suit; it costs 3 points.")),
        "trump_breaking": Setting("trump_breaking", N_("Leading trumps"),
                                  ((N_("Only once trumps are broken"), True), (N_("At any time"), False)),
                                  N_("Whether trumps may be led before someone has played one on another suit.")),
        "scoring": Setting("scoring", N_("Scoring"), ((N_("1 point for an exact bid"), "seed"),
                                                      (N_("10 plus the bid (classic Oh Hell)"), "classic")),
                           N_("What a player who takes exactly the tricks bid scores.")),
        "rounds": Setting("rounds", N_("Length"), ((N_("13 rounds: 3 … 9 … 3 cards"), "full"),
                                                   (N_("5 rounds: 3, 5, 7, 5, 3 cards"), "short")),
                          N_("The full game, or a short one for a class period.")),
        "lang": None,  # the table's language is chosen when it opens
    }
    hint_score_format = "{:+.2f}"
    hint_score_note = N_("* points this round you can expect from the move, averaged over the deals I tried.")

    # ---- the widgets on the cloth ----
    def felt_children(self) -> list[w.Widget]:
        self.css_html = w.HTML(JABBERWOCKY_CSS)
        self.trump_html = w.HTML()
        self.ladder_html = w.HTML()
        self.last_trick_html = w.HTML()
        strip = w.HBox([self.trump_html, self.ladder_html, self.last_trick_html])
        strip.add_class("jw-strip")
        set_layout(strip, justify_content="space-between")
        self.board = w.HTML()
        self.banner = w.HTML()
        self.bid_buttons = [self._make_bid_button(b) for b in range(MAX_BID + 1)]
        self.bid_box = w.Text(placeholder=self.t("or type it"), layout=shared_layout(width="110px"),
                              continuous_update=False, tooltip=self.t("Type a number and press Enter"))
        self.bid_box.observe(self._bid_typed, "value")
        self.bid_note = w.HTML()
        self.bid_note.add_class("jw-bid-note")
        your_bid = w.HTML(f"<b>{esc(self.t('Your bid:'))}</b>&nbsp;")
        self.bid_panel = w.VBox([w.HBox([your_bid, *self.bid_buttons, self.bid_box]),
                                 self.bid_note])
        self.bid_panel.children[0].add_class("jw-bids")
        self.hand.card_width = 58
        buttons = w.VBox([self.hint_button, self.undo_button])
        set_layout(buttons, justify_content="flex-end")
        mine = w.HBox([self.hand, buttons])  # Hint and Undo beside your cards: the whole table fits 800 px
        mine.add_class("parlour-buttons")
        set_layout(mine, align_items="flex-end")
        set_layout(self.hand, flex="1 1 auto")
        return [self.css_html, strip, self.board, self.banner, self.status, self.bid_panel, mine]

    def _make_bid_button(self, amount: int) -> w.Button:
        button = w.Button(description=str(amount), tooltip=self.t("Bid {n}", n=amount))
        button.on_click(lambda _b, amount=amount: self.bid(amount))
        return button

    # ---- bidding ----
    def bid(self, amount: int) -> bool:
        """Bid ``amount`` for the learner; a forbidden bid explains itself and changes nothing."""
        return self.act(f"bid {amount}")

    def _bid_typed(self, change: Any) -> None:
        text = str(change["new"]).strip()
        if not text:
            return
        self.bid_box.value = ""
        if not re.fullmatch(r"[0-9]{1,2}", text):  # ASCII digits only: "²" passes isdigit() but is no bid
            self.say("⚠ " + self.t("{text} is not a bid: type a whole number from 0 to {n}.", text=esc(text),
                                   n=self.game.view(self.human)["cards_this_round"]))
            return
        self.bid(int(text))

    # ---- painting ----
    def draw(self, view: dict[str, Any]) -> None:
        self.trump_html.value = self._trump_html(view)
        self.ladder_html.value = self._ladder_html(view)
        self.last_trick_html.value = self._last_trick_html(view)
        self.board.value = self._board_html(view)
        self.banner.value = self._round_banner(view)
        self._draw_bids(view)
        self.draw_hand(view, view["hand"])

    def _trump_html(self, view: dict[str, Any]) -> str:
        suit = view["trump"]
        t = self.t
        if not view["options"]["trump_breaking"]:
            state = t("may be led at any time")
        else:
            state = t("broken" if view["trump_broken"] else "not broken yet")
        trumps = t("Trumps: {suit}", suit=suit_words(suit, self.lang))
        return (f"<div class='jw-trump' data-testid='trump'>{self.card_html(view['trump_card'], 46)}"
                f"<div><div class='parlour-sub'>{esc(t('Turn-up'))}</div><div><b>{esc(trumps)}</b></div>"
                f"<div class='parlour-sub' data-testid='trump-state'>{state}</div></div></div>")

    def _ladder_html(self, view: dict[str, Any]) -> str:
        """The round sizes 3…9…3, the current round highlighted."""
        now = view["round"] - 1
        cells = []
        for i, size in enumerate(view["schedule"]):
            cls = "jw-now" if i == now and not view["is_over"] else "jw-done" if i < now or view["is_over"] else ""
            each = self.t_count(size, N_("Round {k}: {n} card each"), N_("Round {k}: {n} cards each"), k=i + 1)
            cells.append(f"<span class='{cls}' title='{esc(each)}'>{size}</span>")
        now_words = self.t_count(view["cards_this_round"], N_("Round {k} of {total} · {n} card each"),
                                 N_("Round {k} of {total} · {n} cards each"), k=view["round"],
                                 total=view["rounds_total"])
        return (f"<div style='text-align:center'><div class='parlour-sub' data-testid='round'>{esc(now_words)}</div>"
                f"<div class='jw-ladder' data-testid='ladder'>{''.join(cells)}</div></div>")

    def _last_trick(self) -> dict[str, Any] | None:
        """The last completed trick (from the public log, so it survives the end of a round)."""
        for event in reversed(self._events()):
            if event["kind"] == "trick":
                return event
        return None

    def _events(self) -> list[dict[str, Any]]:
        return self.game.events_for(self.human)

    def _last_trick_html(self, view: dict[str, Any]) -> str:
        last = self._last_trick()
        if last is None or not view["trick"]:
            return "<div class='jw-last' style='min-width:120px'></div>"
        data, winner = last["data"], last["seat"]
        cards = self.cards_html(data["cards"], 30)
        won_by = self.t("won by <b>{who}</b>", who=esc(self.names[winner]))
        return f"<div class='jw-last' data-testid='last-trick'>{esc(self.t('Last trick'))}<br>{cards}<br>{won_by}</div>"

    def _board_html(self, view: dict[str, Any]) -> str:
        n = view["players"]
        geo = GEOMETRY[n]
        parts = ["<div class='jw-cloth'></div>"]
        for seat in range(n):
            x, y = _point(self._angle(seat, n), SEAT_RX, geo.seat_ry, geo.height)
            parts.append(f"<div class='parlour-seat jw-seat{self._active(view, seat)}' data-seat='{seat}' "
                         f"style='left:{x:.0f}px;top:{y:.0f}px'>{self._seat_body(view, seat)}</div>")
        trick = view["trick"]
        caption = ""
        if trick:
            plays = [(s, c) for s, c in trick]
            winner = None
            old = False
        else:
            last = self._last_trick()
            in_round = bool(view["tricks_played"]) or view["phase"] == "over"
            if last is not None and (in_round or view["phase"] == "bid"):
                plays = list(zip(last["data"]["seats"], last["data"]["cards"]))
                winner = last["seat"]
                old = True
                wins = Sentence.in_language(self.lang, N_("{who} wins"), who=self.names[winner])
                caption = self.t("<b>{who_wins}</b> the last trick", who_wins=esc(wins))
            else:
                plays, winner, old = [], None, False
                if view["phase"] == "play":
                    caption = esc(Sentence.in_language(self.lang, N_("{who} leads the first trick"),
                                                       who=self.names[view["current_player"]]))
        for order, (seat, card) in enumerate(plays, start=1):
            x, y = _point(self._angle(seat, n), geo.play_rx, geo.play_ry, geo.height)
            cls = "jw-play" + (" jw-play--won" if seat == winner else "") + (" jw-play--old" if old else "")
            parts.append(f"<div class='{cls}' data-card='{esc(card)}' data-seat='{seat}' "
                         f"style='left:{x:.0f}px;top:{y:.0f}px'>{self.card_html(card, geo.card_w)}"
                         f"<span class='jw-who'><span class='jw-order'>{order}</span>"
                         f"{esc(self.names[seat])}</span></div>")
        # The caption sits under the cloth, never over the cards of the trick.
        return (f"<div class='parlour-scale'><div class='jw-board' data-testid='trick' "
                f"style='width:{BOARD_W}px;height:{geo.height}px'>{''.join(parts)}</div>"
                f"<div class='jw-caption' data-testid='trick-caption'>{caption}</div></div>")

    def _angle(self, seat: int, n: int) -> float:
        """You at the bottom; play goes clockwise, so your left-hand neighbour sits on the left."""
        return 90 + (seat - self.human) * 360 / n

    def _active(self, view: dict[str, Any], seat: int) -> str:
        return " parlour-seat--active" if view["current_player"] == seat else ""

    def _seat_body(self, view: dict[str, Any], seat: int) -> str:
        t = self.t
        dealer = (f"<span class='jw-dealer' title='{esc(t('The dealer bids last'))}'>{esc(t('D'))}</span>"
                  if view["dealer"] == seat else "")
        name = (f"<span class='parlour-seat-name'>{esc(self.names[seat])}</span>{dealer}"
                f"<span class='parlour-sub'> · {esc(t('{n} pts', n=view['scores'][seat]))}</span>")
        size = view["hand_sizes"][seat]
        if seat == self.human:
            cards = ""
        elif self.show_all_box.value:
            cards = f"<div>{self.cards_html(self.game.view(seat)['hand'], 24)}</div>"
        else:
            cards = f"<div class='jw-backs'>{self.backs_html(size, 22)}</div>"
        bid = view["bids"][seat]
        bid_text = t("bid —") if bid is None else t("bid <b>{bid}</b>", bid=bid)
        won = t("won <b>{n}</b>", n=view["tricks_won"][seat])
        return f"{name}{cards}<div class='jw-bidwon' data-testid='bidwon-{seat}'>{bid_text} · {won}</div>"

    def _round_banner(self, view: dict[str, Any]) -> str:
        """The previous round's result, kept in sight while the next round is bid."""
        if not view["results"] or (view["phase"] == "play" and view["tricks_played"]):
            return ""
        last = view["results"][-1]
        parts = []
        for s in range(view["players"]):
            bid, won, pts = last["bids"][s], last["won"][s], last["points"][s]
            parts.append(f"{esc(self.names[s])} {bid}/{won} ({pts:+d})")
        result = self.t("Round {k} result (bid/won): {results}", k=last["round"], results=", ".join(parts))
        return f"<div class='parlour-sub' data-testid='round-result'>{result}</div>"

    def _draw_bids(self, view: dict[str, Any]) -> None:
        bidding = view["phase"] == "bid"
        set_layout(self.bid_panel, display="" if bidding else "none")
        my_turn = bidding and view["current_player"] == self.human
        hinted = self._last_hint.action if self._last_hint else None
        for amount, button in enumerate(self.bid_buttons):
            shown = amount <= view["cards_this_round"]
            set_layout(button, display="" if shown else "none")
            action = f"bid {amount}"
            with button.hold_sync():  # a turn changes both: one message per button, not two (at a class table,
                # every seat's page gets them after every bid); a hidden button waits, the same at every turn, so
                # nothing is sent for it until it is shown
                if not my_turn or not shown:
                    button.disabled, button.tooltip = True, self.t("Wait for your turn to bid.")
                elif action in view["legal"]:
                    button.disabled, button.tooltip = False, self.t("Bid {n}: you mean to take exactly {n}.",
                                                                    n=amount)
                else:
                    button.disabled, button.tooltip = True, self.hand_tooltip(action)
                button.button_style = "warning" if hinted == action and my_turn else ""
        self.bid_box.disabled = not my_turn
        self.bid_note.value = self._bid_note(view) if bidding else ""

    def _bid_note(self, view: dict[str, Any]) -> str:
        forbidden = view["forbidden_bid"]
        others = [f"{esc(self.names[s])} {b}" for s, b in enumerate(view["bids"]) if b is not None]
        t = self.t
        said = t("Bids so far: {bids}.", bids=", ".join(others)) + " " if others else ""
        if view["current_player"] != self.human:
            return said
        if view["dealer"] == self.human:
            if forbidden is None:
                return said + t("You are the dealer, but the others already bid more than {n}: every bid is allowed.",
                                n=view["cards_this_round"])
            return said + t("You are the dealer: you may <b>not bid {bid}</b>, or the bids would add up to {n}, the "
                            "number of tricks.", bid=forbidden, n=view["cards_this_round"])
        return said

    def playable_tip(self, view: dict[str, Any], card: str) -> str:
        """A revoke (table mode) is playable, with a warning; any other card just says so."""
        if self.card_action(card) in view["revoke_plays"]:
            return self._revoke_tip(view, card)
        return super().playable_tip(view, card)

    def _revoke_tip(self, view: dict[str, Any], card: str) -> str:
        led = view["led_suit"]
        return "⚠ " + self.t("A revoke: {suit} were led and you hold one. You may play {card} (table mode), but it "
                             "costs 3 points at the end of the round.", suit=self.t(SUIT_NAMES[led]),
                             card=parse_card(card).symbol)

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        """This round's bids and tricks per player (and revoke penalties in table mode)."""
        t = self.t
        table_mode = view["options"]["revoke"] == "table"
        rows = []
        for s in range(view["players"]):
            bid = "—" if view["bids"][s] is None else view["bids"][s]
            revoked = f"<td>{-REVOKE_PENALTY * view['revokes'][s] if view['revokes'][s] else ''}</td>"
            dealer = f" ({esc(t('D'))})" if view["dealer"] == s else ""
            rows.append(f"<tr><td>{esc(self.names[s])}{dealer}</td><td>{bid}</td>"
                        f"<td>{view['tricks_won'][s]}</td>{revoked if table_mode else ''}</tr>")
        head = "".join(f"<th>{esc(t(word))}</th>" for word in
                       (N_("Player"), N_("Bid"), N_("Won"), *((N_("Revokes"),) if table_mode else ())))
        round_words = t("Round {k} of {total}", k=view["round"], total=view["rounds_total"])
        cards = self.t_count(view["cards_this_round"], N_("{n} card"), N_("{n} cards"))
        trumps = t("trumps {suit}", suit=SUIT_SYMBOLS[view["trump"]])
        return (f"<div style='margin-top:6px'><b>{esc(round_words)}</b> · {esc(cards)} · {esc(trumps)}"
                f"<table class='jw-score' data-testid='bids-table'><tr>{head}</tr>{''.join(rows)}</table></div>")

    def turn_prompt(self, view: dict[str, Any]) -> str:
        if view["phase"] == "bid":
            return self.t("How many tricks will you take? Click a number, or type it and press Enter.")
        if view["led_suit"]:
            led = self.t(SUIT_NAMES[view["led_suit"]]).capitalize()
            if view["revoke_plays"]:
                return self.t("{suit} were led: follow suit (a card marked ⚠ is a revoke, −3). "
                              "Click a card or use ← → and Enter.", suit=led)
            return self.t("{suit} were led: follow suit if you can. Click a card or use ← → and Enter.", suit=led)
        return self.t("Your lead: click a card (or use ← → and Enter).")

    def action_label(self, action: str) -> str:
        """A bid as its button's tooltip says it ("Bid 2"); a card is played by clicking it."""
        if action.startswith("bid "):
            return self.t("Bid {n}", n=action.split()[1])
        return super().action_label(action)
