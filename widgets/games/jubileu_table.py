"""Jubileu's table: four seats anticlockwise, the última, the bid ladder, the called Ace and "Espirra".

You sit at the bottom. Jubileu turns **anticlockwise**, so the next player sits on your
*right*, then the one opposite, then your left; an arrow on the cloth says so. The ladder
panel lists every bid, lowest first, grouped by level: the bids you may not make now are
disabled and their tooltip gives the rule (a Meia Miséria after Solo Oito says why not).
``JubileuTable(lang="pt")`` speaks Portuguese: every label, tooltip, hint and log line goes
through :mod:`engine.i18n`.
"""

from __future__ import annotations

from math import cos, radians, sin
from typing import Any

import ipywidgets as w

import engine
from engine.games.jubileu import BIDS, LADDER, SUIT_SYMBOL, SUIT_WORDS
from engine.i18n import N_, catalog
from engine.numerals import number
from widgets.settings import Setting
from widgets.shared_look import set_layout
from widgets.table import Table
from widgets.table_html import esc

BOARD_W, BOARD_H = 640, 340
SEAT_RX, SEAT_RY = 238, 130
PLAY_RX, PLAY_RY = 80, 54
SUIT_LETTERS = ("S", "H", "D", "C")

JUBILEU_CSS = """
<style>
.ju-board { position: relative; margin: 4px auto 0; }
.ju-board .ju-cloth { position: absolute; left: 140px; right: 140px; top: 70px; bottom: 70px; border-radius: 50%;
  border: 2px solid rgba(255,255,255,.12); background: rgba(0,0,0,.08); }
.ju-seat { position: absolute; transform: translate(-50%, -50%); min-width: 150px; text-align: center; margin: 0; }
.ju-play { position: absolute; transform: translate(-50%, -50%); text-align: center; }
.ju-play--won .parlour-card-img { box-shadow: 0 0 0 3px #ffd54a; border-radius: 4px; }
.ju-play--espirra .parlour-card-img { box-shadow: 0 0 0 3px #ff7a59; border-radius: 4px; }
.ju-play--old { opacity: .8; }
.ju-who { display: block; font-size: 12px; white-space: nowrap; }
.ju-caption { position: absolute; right: 10px; bottom: 8px; text-align: right; font-size: 13px; max-width: 180px; }
.ju-turn { position: absolute; left: 6px; top: 4px; max-width: 190px; font-size: 12px; opacity: .85; }
.ju-dealer { display: inline-block; background: #ffd54a; color: #3a2d00; border-radius: 50%; width: 17px;
  height: 17px; line-height: 17px; font-size: 11px; font-weight: 700; margin-left: 4px; }
.ju-backs { white-space: nowrap; }
.ju-felt .parlour-row { gap: 2px; padding-left: 2px; padding-right: 2px; }
.ju-backs .parlour-card-img { margin: 1px -10px 1px 0 !important; }
.ju-call { font-size: 12px; }
.ju-strip { align-items: center; gap: 14px; flex-wrap: wrap; }
.ju-info { font-size: 13px; line-height: 1.35; }
/* a GridBox: its own class lays it out as a grid, so hiding it after the auction (display: none) holds */
.ju-ladder { grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 3px; }
.ju-ladder .widget-button { height: auto; min-height: 40px; white-space: normal; line-height: 1.05;
  font-size: 11px; padding: 1px 3px; width: auto; margin: 0; }
.ju-choices .widget-button { min-height: 44px; min-width: 56px; font-weight: 700; }
.ju-espirra .widget-button { min-height: 44px; font-weight: 700; }
.ju-auction { font-size: 12px; }
.parlour-panel .ju-chips td, .parlour-panel .ju-chips th { text-align: center; padding: 1px 4px; }
.parlour-panel .ju-chips td:first-child, .parlour-panel .ju-chips th:first-child { text-align: left; }
@media (max-width: 760px) {
  .ju-felt.parlour-table { min-width: 0; padding: 8px; }
  .ju-board { zoom: .6; }
  .ju-ladder { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  .ju-main { flex-wrap: wrap; }
  .ju-main .parlour-side { margin-left: 0; }
}
@media (max-width: 460px) { .ju-board { zoom: .54; } }  /* a phone: the seats at the sides stay on the cloth */
</style>
"""



def _point(angle: float, rx: float, ry: float) -> tuple[float, float]:
    a = radians(angle)
    return BOARD_W / 2 + rx * cos(a), BOARD_H / 2 + ry * sin(a)


class JubileuTable(Table):
    """Play Jubileu against bots: ``JubileuTable(seed="K7QM3P", lang="pt", deals=4)``."""

    game_id = "jubileu"
    languages = ("en", "pt")
    hint_score_format = "{:+.2f}"
    hint_score_heading = N_("Chips*")
    hint_score_note = N_("* chips you can expect from the move, on average over the deals tried.")
    hint_more_one = N_("… and {n} more, estimated lower.")
    hint_more_many = N_("… and {n} more, each estimated lower.")
    hint_tooltip = N_("What should I bid or play, and why?")
    setting_words = {
        "all_pass": Setting("all_pass", N_("When all four pass"),
                            ((N_("The next dealer, to the right, deals"), "throw_in"),
                             (N_("The same dealer deals again"), "redeal")),
                            N_("Either way the thrown-in deal counts towards the session.")),
        "meia_join": Setting("meia_join", N_("Joining a Meia Miséria"),
                             ((N_("Players who have not passed"), "still_in"),
                              (N_("Anyone, even after passing"), "anyone"), (N_("Nobody"), "nobody")),
                             N_("Who may play a standing Meia Miséria too, each for himself.")),
        "troela": Setting("troela", N_("Jogo Obrigatório's first trick"),
                          ((N_("An ordinary lead"), False),
                           (N_("Troela: the partner leads his Ace, trumps cannot win"), True)),
                          N_("In Jogo Obrigatório, whether the partner must lead his Ace (or the called card) "
                             "and trumps cannot win that first trick.")),
        "lang": None,  # the table's language is chosen when it opens
    }

    def __init__(self, players: int | None = None, seed: int | str | None = None, level: str = "medium",
                 bot_delay: float = 0.8, show_all: bool = False, lang: str = "en", **options: Any) -> None:
        catalog(lang)  # an unknown language fails here, before any widget is built
        self.lang = lang
        super().__init__(players, seed, level, bot_delay, show_all, lang=lang, **options)
        self.felt.add_class("ju-felt")
        for child in self.children:
            if self.felt in getattr(child, "children", ()):
                child.add_class("ju-main")  # lets the log wrap below the cloth on a narrow screen
        set_layout(self.show_all_box, width="auto")
        self.refresh()

    # ---- the widgets on the cloth ----
    def felt_children(self) -> list[w.Widget]:
        self.css_html = w.HTML(JUBILEU_CSS)
        self.ultima_html = w.HTML()
        self.contract_html = w.HTML()
        strip = w.HBox([self.ultima_html, self.contract_html])
        strip.add_class("ju-strip")
        self.board = w.HTML()
        self.auction_html = w.HTML()
        self.auction_html.add_class("ju-auction")
        self.ladder_buttons = {b.key: self._make_button(f"bid {b.key}", b.name) for b in LADDER}
        self.pass_button = self._make_button("pass", "Passo")
        self.join_button = self._make_button("join", "")
        self.bid_panel = w.GridBox(list(self.ladder_buttons.values()))  # 7 bids a row, shown only in the auction
        self.bid_panel.add_class("ju-ladder")
        self.trump_buttons = [self._make_button(f"trump {s}", f"{SUIT_SYMBOL[i]}") for i, s in enumerate(SUIT_LETTERS)]
        self.call_buttons = [w.Button() for _ in range(4)]
        for b in self.call_buttons:
            b.on_click(self._call_clicked)
        self.choice_label = w.HTML()
        self.choice_panel = w.VBox([self.choice_label, w.HBox(self.trump_buttons + self.call_buttons)])
        self.choice_panel.children[1].add_class("ju-choices")
        self.espirra_button = self._make_button("espirra", "Espirra!")
        self.quando_button = self._make_button("espirra-quando-quiser", "Espirra quando quiser")
        self.espirra_panel = w.HBox([self.espirra_button, self.quando_button])
        self.espirra_panel.add_class("ju-espirra")
        self.hand.card_width = 48  # thirteen cards in one row of the cloth
        buttons = w.HBox([self.pass_button, self.join_button, self.hint_button, self.undo_button])
        return [self.css_html, strip, self.board, self.status, self.auction_html, buttons, self.bid_panel,
                self.choice_panel, self.espirra_panel, self.hand]

    def _make_button(self, action: str, label: str) -> w.Button:
        button = w.Button(description=label)
        button.on_click(lambda _b, action=action: self.act(action))
        return button

    def _call_clicked(self, button: w.Button) -> None:
        card = getattr(button, "_card", None)
        if card:
            self.act(f"call {card}")

    def action_label(self, action: str) -> str:
        verb, _, arg = action.partition(" ")
        if verb == "bid":
            return BIDS[arg].name
        if verb == "pass":  # the hint names a move as its button does
            return self.t(N_("Pass"))
        if verb == "join":
            return self.t(N_("Join Meia Miséria"))
        if verb == "trump":
            i = SUIT_LETTERS.index(arg)
            return self.t(N_("trump {suit}"), suit=f"{SUIT_SYMBOL[i]} {self.t(SUIT_WORDS[i])}")
        if verb in ("call", "play"):
            card = engine.parse_card(arg).symbol
            return self.t(N_("call {card}"), card=card) if verb == "call" else self.t(N_("play {card}"), card=card)
        if verb == "espirra":  # as its button reads now ("Espirra: play the called Ace" for the Ace's holder)
            return self._espirra_words(self.game.view(self.human))
        if verb == "espirra-quando-quiser":
            return self.quando_button.description
        return action

    def playable_tip(self, view: dict[str, Any], card: str) -> str:
        return self.t(N_("Play {card}"), card=engine.parse_card(card).symbol)

    def draw_hand(self, view: dict[str, Any], cards: list[str]) -> None:
        super().draw_hand(view, cards)
        if view["current_player"] != self.human:
            items = [dict(i, tooltip=self.t(N_("Wait for your turn."))) for i in self.hand.items]
            self.hand.items = items

    # ---- painting ----
    def draw(self, view: dict[str, Any]) -> None:
        self.ultima_html.value = self._ultima_html(view)
        self.contract_html.value = self._contract_html(view)
        self.board.value = self._board_html(view)
        self.auction_html.value = self._auction_html(view)
        self._draw_ladder(view)
        self._draw_choices(view)
        self._draw_espirra(view)
        self.draw_hand(view, view["hand"])

    def _suit(self, letter: str) -> str:
        i = SUIT_LETTERS.index(letter)
        return f"{SUIT_SYMBOL[i]} {self.t(SUIT_WORDS[i])}"

    def _ultima_html(self, view: dict[str, Any]) -> str:
        u = view["ultima"]
        return (f"<div class='ju-strip' style='display:flex' data-testid='ultima'>{self.card_html(u['card'], 44)}"
                f"<div class='ju-info'><div class='parlour-sub'>{esc(self.t(N_('A última (the dealer’s last card)')))}"
                f"</div><b>{esc(self._suit(u['suit']))}</b><div class='parlour-sub'>"
                f"{esc(self.t(N_('trump of every bid “da Última”')))}</div></div></div>")

    def _contract_html(self, view: dict[str, Any]) -> str:
        if view["contract"] is None:
            standing = view["standing_bid"]
            if standing is None:
                text = self.t(N_("No bid yet."))
            else:
                holders = ", ".join(self.names[s] for s in view["standing_holders"])
                text = self.t(N_("Standing bid: {bid} ({who})"), bid=BIDS[standing].name,
                              who=holders)
            return f"<div class='ju-info' data-testid='contract'>{esc(text)}</div>"
        bid = BIDS[view["contract"]]
        who = ", ".join(self.names[s] for s in view["declarers"])
        lines = [f"<b>{esc(bid.name)}</b> — {esc(who)}",
                 esc(self.goal_text(bid.key))]
        trump = view["trump"]
        if trump or bid.trump == "none":  # not a word about trump while it is still to be named
            lines.append(esc(self.t(N_("Trump: {suit}"), suit=self._suit(trump) if trump else self.t(N_("no trump")))))
        if view["called_card"]:
            partner = view["partner"]
            known = self.names[partner] if partner is not None else self.t(N_("secret"))
            lines.append(f"{esc(self.t(N_('Called card')))}: {self.card_html(view['called_card'], 26)} · "
                         f"{esc(self.t(N_('partner')))}: <b>{esc(known)}</b>")
        if view["espirra"] in ("ordered", "quando"):
            lines.append(esc(self.t(N_("Espirra ordered")) if view["espirra"] == "ordered"
                             else "Espirra quando quiser"))
        return f"<div class='ju-info' data-testid='contract'>{'<br>'.join(lines)}</div>"

    def goal_text(self, key: str) -> str:
        goal: str = getattr(self.game, "goal_text")(key)
        return goal

    def _angle(self, seat: int) -> float:
        """You at the bottom; play goes anticlockwise, so the next player (seat + 1) sits on your right."""
        return 90 - (seat - self.human) * 90

    def _board_html(self, view: dict[str, Any]) -> str:
        parts = ["<div class='ju-cloth'></div>"]
        for seat in range(4):
            x, y = _point(self._angle(seat), SEAT_RX, SEAT_RY)
            active = " parlour-seat--active" if view["current_player"] == seat else ""
            parts.append(f"<div class='parlour-seat ju-seat{active}' data-seat='{seat}' "
                         f"style='left:{x:.0f}px;top:{y:.0f}px'>{self._seat_body(view, seat)}</div>")
        trick, caption, winner, old = view["trick"], "", None, False
        plays = [(s, c) for s, c in trick]
        espirra_pos = view["espirra_in_trick"]
        if not plays and view["last_trick"] and view["phase"] == "play":
            last = view["last_trick"]
            plays, winner, old = list(zip(last["seats"], last["cards"])), last["winner"], True
            espirra_pos = None
            caption = esc(self.t(N_("{who} won the last trick"), who=self.names[winner]))
        elif not plays and view["phase"] == "play":
            caption = esc(self.t(N_("{who} leads"), who=self.names[view["current_player"]]))
        elif view["phase"] == "auction":
            caption = esc(self.t(N_("Auction")))
        for order, (seat, card) in enumerate(plays, start=1):
            x, y = _point(self._angle(seat), PLAY_RX, PLAY_RY)
            cls = "ju-play" + (" ju-play--won" if seat == winner else "") + (" ju-play--old" if old else "")
            if espirra_pos is not None and order - 1 == espirra_pos:
                cls += " ju-play--espirra"
            parts.append(f"<div class='{cls}' data-card='{esc(card)}' data-seat='{seat}' "
                         f"style='left:{x:.0f}px;top:{y:.0f}px'>{self.card_html(card, 50)}"
                         f"<span class='ju-who'>{order}. {esc(self.names[seat])}</span></div>")
        if caption:
            parts.append(f"<div class='ju-caption' data-testid='trick-caption'>{caption}</div>")
        parts.append(f"<div class='ju-turn' data-testid='direction'>↺ "
                     f"{esc(self.t(N_('Anticlockwise: the next player is on your right')))}</div>")
        return (f"<div class='ju-board' data-testid='trick' style='width:{BOARD_W}px;height:{BOARD_H}px'>"
                f"{''.join(parts)}</div>")

    def _seat_body(self, view: dict[str, Any], seat: int) -> str:
        dealer = (f"<span class='ju-dealer' title='{esc(self.t(N_('Dealer')))}'>D</span>"
                  if view["dealer"] == seat else "")
        name = (f"<span class='parlour-seat-name'>{esc(self.names[seat])}</span>{dealer}"
                f"<span class='parlour-sub'> · {number(view['chips'][seat], self.lang)} "
                f"{esc(self.t(N_('chips')))}</span>")
        size = view["hand_sizes"][seat]
        exposed = view["exposed"].get(str(seat)) or view["colloquy"].get(str(seat))
        if seat == self.human:
            cards = ""
        elif exposed or self.show_all_box.value:
            shown = exposed or self.game.view(seat)["hand"]
            cards = f"<div data-testid='open-{seat}'>{self.cards_html(shown, 22)}</div>"
        else:
            cards = f"<div class='ju-backs'>{self.backs_html(size, 20, drawn=min(size, 13))}</div>"
        calls = [c["call"] for c in view["auction"] if c["seat"] == seat]
        last = self.action_label(("bid " + calls[-1]) if calls and calls[-1] not in ("pass", "join")
                                 else calls[-1]) if calls else "—"
        role = ""
        if view["declarer"] is not None:
            if seat in view["declarers"]:
                role = self.t(N_("declarer"))
            elif view["partner"] == seat:
                role = self.t(N_("partner"))
        won = view["tricks_won"][seat]
        line = (f"{esc(self.t(N_('tricks')))} <b>{won}</b>" if view["phase"] in ("play", "over")
                else f"{esc(self.t(N_('said')))}: <b>{esc(last)}</b>")
        if role:
            line += f" · <i>{esc(role)}</i>"
        return f"{name}{cards}<div class='ju-call' data-testid='seat-line-{seat}'>{line}</div>"

    def _auction_html(self, view: dict[str, Any]) -> str:
        if not view["auction"]:
            return ""
        calls = []
        for c in view["auction"]:
            what = c["call"]
            label = self.action_label(what if what in ("pass", "join") else f"bid {what}")
            calls.append(f"{esc(self.names[c['seat']])}: {esc(label)}")
        return (f"<div data-testid='auction'><b>{esc(self.t(N_('Auction')))}</b> "
                f"({esc(self.t(N_('from the dealer’s right, anticlockwise')))}): {' · '.join(calls)}</div>")

    def _draw_ladder(self, view: dict[str, Any]) -> None:
        bidding = view["phase"] == "auction"
        set_layout(self.bid_panel, display="" if bidding else "none")
        set_layout(self.pass_button, display="" if bidding else "none")
        if not bidding:
            set_layout(self.join_button, display="none")
            return
        my_turn = view["current_player"] == self.human
        hinted = self._last_hint.action if self._last_hint else None
        for row in view["bid_ladder"]:
            button = self.ladder_buttons[row["key"]]
            button.description = f"{row['level']}. {row['name']} ({row['chips']})"
            if row["allowed"]:
                button.disabled = False
                button.tooltip = f"{row['name']}: {row['goal']}"
            else:
                button.disabled = True
                button.tooltip = row["why"] or ""
            button.button_style = "warning" if my_turn and hinted == f"bid {row['key']}" else ""
        legal = view["legal"]
        self.pass_button.description = self.t(N_("Pass"))
        self.pass_button.disabled = "pass" not in legal
        self.pass_button.tooltip = (self.t(N_("Pass: a pass is final.")) if "pass" in legal
                                    else self.game.why_illegal("pass", self.human) or "")
        self.join_button.description = self.t(N_("Join Meia Miséria"))
        set_layout(self.join_button, display="" if "join" in legal else "none")
        self.join_button.tooltip = self.t(N_("Play Meia Miséria too, each for himself: exactly one trick."))
        for b in (self.pass_button, self.join_button):
            b.button_style = "warning" if my_turn and hinted == ("pass" if b is self.pass_button else "join") else ""

    def _draw_choices(self, view: dict[str, Any]) -> None:
        phase = view["phase"]
        mine = view["current_player"] == self.human and phase in ("trump", "call")
        set_layout(self.choice_panel, display="" if mine else "none")
        if not mine:
            return
        legal = view["legal"]
        if phase == "trump":
            self.choice_label.value = esc(self.t(N_("Name trump:")))
            for i, b in enumerate(self.trump_buttons):
                action = f"trump {SUIT_LETTERS[i]}"
                set_layout(b, display="")
                b.description = f"{SUIT_SYMBOL[i]} {self.t(SUIT_WORDS[i])}"
                b.disabled = action not in legal
                b.tooltip = "" if action in legal else (self.game.why_illegal(action, self.human) or "")
            for b in self.call_buttons:
                set_layout(b, display="none")
        else:
            self.choice_label.value = esc(self.t(N_("Call your partner's card:")))
            for b in self.trump_buttons:
                set_layout(b, display="none")
            cards = [m.split()[1] for m in legal]
            for i, b in enumerate(self.call_buttons):
                if i < len(cards):
                    set_layout(b, display="")
                    b.description = engine.parse_card(cards[i]).symbol
                    b._card = cards[i]  # type: ignore[attr-defined]
                    b.tooltip = self.t(N_("Call {card}: its holder becomes your partner."),
                                       card=engine.parse_card(cards[i]).symbol)
                else:
                    set_layout(b, display="none")

    def _draw_espirra(self, view: dict[str, Any]) -> None:
        legal = view["legal"] if view["current_player"] == self.human else []
        set_layout(self.espirra_panel, display="" if "espirra" in legal else "none")
        self.espirra_button.tooltip = self.game.rule_text("jubileu.espirra")
        self.quando_button.tooltip = self.game.rule_text("jubileu.espirra_quando")
        self.espirra_button.description = self._espirra_words(view)
        if view["partner"] == self.human and view["declarer"] != self.human:
            self.espirra_button.tooltip = self.game.rule_text("jubileu.espirra_quando")
        set_layout(self.quando_button, display="" if "espirra-quando-quiser" in legal else "none")

    def _espirra_words(self, view: dict[str, Any]) -> str:
        """The Espirra button's words: the called Ace's holder is told what pressing it does."""
        if view["partner"] == self.human and view["declarer"] != self.human:
            return self.t(N_("Espirra: play the called Ace"))
        return "Espirra!"

    def turn_prompt(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "auction":
            return self.t(N_("Bid higher or pass (a pass is final). Hover a grey bid to see why it is closed."))
        if phase == "trump":
            return self.t(N_("Name trump."))
        if phase == "call":
            return self.t(N_("Call an Ace you do not hold: its holder is your secret partner."))
        if view["led_suit"]:
            i = SUIT_LETTERS.index(view["led_suit"])
            return self.t(N_("{suit} were led: follow suit if you can, otherwise trump or discard."),
                          suit=self.t(SUIT_WORDS[i]).capitalize())
        return self.t(N_("Your lead: click a card (or use ← → and Enter)."))

    def end_summary(self, view: dict[str, Any]) -> str:
        """Everyone's chips, most first, with what each won or lost (the status line above says who won)."""
        start = self.game.options["start_chips"]
        chips = view["chips"]
        rows: list[tuple[int, int]] = []
        place = 0
        for rank, seat in enumerate(sorted(range(4), key=lambda s: -chips[s])):
            if rank == 0 or chips[seat] != chips[rows[-1][1]]:
                place = rank + 1
            rows.append((place, seat))
        lang = self.lang
        body = "".join(f"<tr><td>{p}.</td><td>{esc(self.names[s])}</td><td>{number(chips[s], lang)}</td>"
                       f"<td>{number(chips[s] - start, lang, '+d')}</td></tr>" for p, s in rows)
        head = (f"<tr><th></th><th></th><th>{esc(self.t(N_('Chips')))}</th>"
                f"<th>{esc(self.t(N_('since the start')))}</th></tr>")
        deals = "".join(f"<tr><td>{esc(label)}</td>{self._changes(change)}</tr>"
                        for label, change in self.deal_results())
        names = "".join(f"<th>{esc(n)}</th>" for n in self.names)
        return (f"<b>{esc(self.t(N_('The session is over.')))}</b>"
                f"<table data-testid='standings'>{head}{body}</table>"
                f"<table data-testid='history'><tr><th></th>{names}</tr>{deals}</table>")

    def _changes(self, change: list[int]) -> str:
        """What each seat won or lost in a deal, one cell each ("+3", "-2"), written as the table's language does."""
        return "".join(f"<td>{number(c, self.lang, '+d')}</td>" for c in change)

    def _draw_scoreboard(self, view: dict[str, Any]) -> None:
        head = "".join(f"<th>{esc(n)}</th>" for n in self.names)
        rows = []
        for r in view["results"][-6:]:
            contract = (BIDS[r["contract"]].name if r["contract"]
                        else self.t(N_("thrown in")))
            rows.append(f"<tr><td>{r['deal']}. {esc(contract)}</td>{self._changes(r['change'])}</tr>")
        chips = "".join(f"<td><b>{number(c, self.lang)}</b></td>" for c in view["chips"])
        target = ""
        if view["contract"] and view["target"] is not None:
            side = sum(view["tricks_won"][s] for s in set(view["declarers"]) | (
                {view["partner"]} if view["partner"] is not None else set()))
            bid = BIDS[view["contract"]]
            goal = (self.t(N_("exactly {n}"), n=bid.tricks) if bid.misere else self.t(N_("{n} or more"), n=bid.tricks))
            text = self.t(N_("Tricks for the contract: {won} (needs {goal})"), won=side, goal=goal)
            target = f"<div data-testid='target'>{esc(text)}</div>"
        deal = self.t(N_("deal {n} of {total}"), n=view["deal"], total=view["deals_total"])
        self.scoreboard.value = (
            f"<b>{esc(self.t(N_('Chips')))}</b> · {esc(deal)}"
            f"<table class='ju-chips' data-testid='chips'><tr><th></th>{head}</tr>{''.join(rows)}"
            f"<tr><td>{esc(self.t(N_('now')))}</td>{chips}</tr></table>{target}")
