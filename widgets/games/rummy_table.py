"""Rummy's table: build melds by hand.

Click the stock or the discard pile to draw. Click cards in your hand to select them
(they lift); the **Meld** button lights only when the selection is a meld, and its
tooltip says why not, in the engine's words. With one card selected, click a meld on
the table to lay it off there, or press **Discard**. The hand sorts by suit or by rank.
Everything is a widget with a Python handle (``select``, ``meld``, ``discard``,
``draw``, ``lay_off``), so pytest clicks it as a person would.

Kalooki reuses this class: a subclass changes ``game_id``, the words on the buttons and
the actions the selection makes (``meld_action``, ``layoff_action``, ``discard_action``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from engine.cards import parse_card
from engine.hints import Hint
from engine.i18n import N_
from widgets.card_surface import CardRow
from widgets.card_svg import STOCK, backs_words
from widgets.settings import Setting
from widgets.table import Table
from widgets.table_html import esc

RUMMY_CSS = """
<style>
.rm-opponents { gap: 8px; flex-wrap: wrap; }
.rm-opp-cards { padding-right: 14px; }
.rm-opp-cards .parlour-card-img { margin: 1px -14px 1px 0 !important; }
.rm-middle { align-items: flex-end; gap: 18px; flex-wrap: wrap; }
.rm-pile-label { font-size: 13px; text-align: center; }
.rm-melds { gap: 4px 12px; flex-wrap: wrap; min-height: 40px; }
.rm-meld { background: rgba(0,0,0,.16); border-radius: 10px; padding: 0 6px 2px; }
.rm-meld .parlour-row { padding: 4px 2px 2px; min-height: 0; gap: 0; }
.rm-meld .parlour-row .parlour-card + .parlour-card { margin-left: -22px; }
.rm-meld-title { font-size: 12px; }
.rm-buttons { gap: 6px; flex-wrap: wrap; align-items: center; }
.rm-buttons .widget-button, .rm-buttons .widget-toggle-buttons .widget-toggle-button { min-height: 44px; }
.rm-app > .widget-hbox { flex-wrap: wrap; }
.rm-app .parlour-table.rm-felt { min-width: 0; max-width: min(860px, calc(100vw - 40px)); box-sizing: border-box; }
.rm-buttons .widget-button { width: auto; padding: 0 14px; }
</style>
"""

PILE_WIDTH = 60
MELD_WIDTH = 46


class RummyTable(Table):
    """Play Basic Rummy against bots: ``RummyTable(players=2, seed="K7QM3P", target=100)``."""

    game_id = "rummy"
    languages = ("en", "pt")
    result_marks = {"rummy": N_(" ★ rummy"), "stalemate": N_(" stalemate"), "block": N_(" block")}  # after "Deal 3"
    setting_words = {
        "discard_rule": Setting("discard_rule", N_("Discarding the card you took"),
                                ((N_("Not allowed on the same turn"), True), (N_("Allowed"), False)),
                                N_("Whether you may throw back the card you just took from the discard pile.")),
        "ace": Setting("ace", N_("The Ace"), ((N_("Low only: A-2-3, worth 1"), "low"),
                                              (N_("High or low: A-2-3 or Q-K-A, worth 15"), "high_or_low"),
                                              (N_("Round the corner: K-A-2 too, worth 15"), "around")),
                       N_("Where an Ace may sit in a run, and what it costs in your hand.")),
        "jokers": Setting("jokers", N_("Jokers"), ((N_("No jokers"), False), (N_("Two wild jokers, worth 15"), True)),
                          N_("Wild jokers stand for any card in a set or run; a player holding the real card "
                             "may swap it for a joker in a run on the table.")),
        "must_discard": Setting("must_discard", N_("Going out"), ((N_("With or without a last discard"), False),
                                                                  (N_("Only with a last discard"), True)),
                                N_("Whether your last card must go on the discard pile when you go out.")),
        "block": Setting("block", N_("When the stock runs out"),
                         ((N_("Turn the discards over as a new stock"), False),
                          (N_("Block rummy: the deal ends"), True)),
                         N_("In block rummy the discard pile is never used again.")),
        "scoring": Setting("scoring", N_("Scoring"), ((N_("Winner takes the others' hand values"), "winner"),
                                                      (N_("Each player counts his own cards as penalty"), "penalty")),
                           N_("Who scores at the end of a deal, and how.")),
        "shuffle_rebuild": Setting("shuffle_rebuild", N_("The new stock"),
                                   ((N_("Discards shuffled"), True), (N_("Discards turned over as they lie"), False)),
                                   N_("How the discard pile becomes the stock again.")),
        "lang": None,  # the table's language is chosen when it opens
    }
    hint_score_heading = None  # the "Why" column gives each move's deadwood figures in words
    meld_word = N_("Meld")

    # ---- the widgets on the cloth ----
    def felt_children(self) -> list[w.Widget]:
        self.selected: list[int] = []
        self.sort_by = "suit"
        self.css_html = w.HTML(RUMMY_CSS)
        self.opponents = w.HTML()
        t = self.t
        self.stock_row = CardRow(label=t(STOCK), card_width=PILE_WIDTH, lang=self.lang)
        self.stock_row.on_play(lambda *_: self.draw_from("stock"))
        self.stock_row.on_refused(self._on_card_refused)
        self.discard_row = CardRow(label=t("Discard pile"), card_width=PILE_WIDTH, lang=self.lang)
        self.discard_row.on_play(lambda *_: self.draw_from("discard"))
        self.discard_row.on_refused(self._on_card_refused)
        self.stock_label = w.HTML()
        self.discard_label = w.HTML()
        piles = [w.VBox([self.stock_label, self.stock_row]), w.VBox([self.discard_label, self.discard_row])]
        self.melds_title = w.HTML()
        self.melds_box = w.HBox([])
        self.melds_box.add_class("rm-melds")
        self.meld_rows: list[CardRow] = []
        self.meld_titles: list[w.HTML] = []
        self.meld_boxes: list[w.VBox] = []
        middle = w.HBox([*piles, w.VBox([self.melds_title, self.melds_box])])
        middle.add_class("rm-middle")
        self.hand.card_width = 62
        self.hand.label = t("Your hand: click cards to select them")
        self.meld_button = w.Button(description=t(self.meld_word), icon="object-group", button_style="success")
        self.meld_button.on_click(lambda _: self.meld())
        self.discard_button = w.Button(description=t("Discard"), icon="arrow-down")
        self.discard_button.on_click(lambda _: self.discard())
        self.clear_button = w.Button(description=t("Clear"), tooltip=t("Unselect every card"))
        self.clear_button.on_click(lambda _: self.clear_selection())
        self.sort_toggle = w.ToggleButtons(options=[(t("By suit"), "suit"), (t("By rank"), "rank")], value="suit",
                                           tooltips=[t("Group your hand by suit"), t("Group your hand by rank")],
                                           style={"button_width": "80px"})
        self.sort_toggle.observe(self._sort_changed, "value")
        self.sort_toggle.add_class("parlour-aid")  # how the hand looks, not a move: a lost focus goes to a move first
        buttons = w.HBox([self.meld_button, self.discard_button, self.clear_button, self.sort_toggle,
                          self.hint_button, self.undo_button])
        buttons.add_class("rm-buttons")
        return [self.css_html, self.opponents, middle, self.status, self.hand, buttons]

    # ---- what the selection means: the move each button sends ----
    def meld_action(self, cards: list[str]) -> str:
        return "meld " + " ".join(cards)

    def layoff_action(self, card: str, number: int) -> str:
        return f"layoff {card} to {number}"

    def discard_action(self, card: str) -> str:
        return f"discard {card}"

    # ---- the hand and the selection ----
    def shown_hand(self, view: dict[str, Any]) -> list[str]:
        """Your hand in the order shown: by suit (♠ ♥ ♣ ♦) or by rank, Aces low, jokers last."""
        cards = list(view["hand"])
        if self.sort_by == "rank":
            order = {"S": 0, "H": 1, "C": 2, "D": 3}
            cards.sort(key=lambda c: (99, 0) if c == "JK" else (parse_card(c).rank, order[parse_card(c).suit]))
        return cards

    def selected_cards(self) -> list[str]:
        cards = self.shown_hand(self.game.view(self.human))
        return [cards[i] for i in sorted(self.selected) if i < len(cards)]

    def select(self, *cards: str) -> None:
        """Click these cards of your hand (notation), as a person would: a selected card is dropped."""
        for card in cards:
            shown = self.shown_hand(self.game.view(self.human))
            text = str(parse_card(card))
            picked = [i for i, c in enumerate(shown) if c == text and i in self.selected]
            free = [i for i, c in enumerate(shown) if c == text and i not in self.selected]
            if picked or free:
                self.hand.play((picked or free)[0])

    def clear_selection(self) -> None:
        self.selected = []
        self.refresh()

    def _on_card_clicked(self, index: int, card: str | None) -> None:
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
        self.refresh()

    def _sort_changed(self, change: Any) -> None:
        self.sort_by = change["new"]
        self.selected = []
        self.refresh()

    # ---- moves ----
    def draw_from(self, source: str) -> bool:
        return self.act(f"draw {source}")

    def meld(self) -> bool:
        return self._act_on_selection(self.meld_action(self.selected_cards()))

    def discard(self) -> bool:
        cards = self.selected_cards()
        if len(cards) != 1:
            self.say(f"⚠ {self.t('Select exactly one card to discard.')}")
            return False
        return self._act_on_selection(self.discard_action(cards[0]))

    def lay_off(self, number: int) -> bool:
        """Lay the one selected card off on meld ``number`` (what clicking that meld does)."""
        cards = self.selected_cards()
        if len(cards) != 1:
            self.say(f"⚠ {self.t('Select one card in your hand, then click the meld to lay it off there.')}")
            return False
        return self._act_on_selection(self.layoff_action(cards[0], number))

    def _act_on_selection(self, action: str) -> bool:
        done = self.act(action)
        if done:
            self.selected = []
            self.refresh()
        return done

    def act(self, action: str) -> bool:
        before = len(self.game.history)
        done = super().act(action)
        if done and len(self.game.history) != before:
            self.selected = [] if not action.startswith("draw") else self.selected
        return done

    def undo(self) -> None:
        self.selected = []
        super().undo()

    def start(self, players: int, seed: int | str) -> None:
        self.selected = []
        super().start(players, seed)

    # ---- painting ----
    def draw(self, view: dict[str, Any]) -> None:
        self.add_class("rm-app")  # lets the cloth and the side panel wrap on a narrow screen
        self.felt.add_class("rm-felt")
        self.opponents.value = self._opponents_html(view)
        self._draw_piles(view)
        self._draw_melds(view)
        self._draw_hand(view)
        self._draw_buttons(view)

    def _my_play_phase(self, view: dict[str, Any]) -> bool:
        return view["current_player"] == self.human and view["phase"] == "play"

    def _opponents_html(self, view: dict[str, Any]) -> str:
        boxes = []
        for seat in range(view["players"]):
            if seat == self.human:
                continue
            size = view["hand_sizes"][seat]
            if self.show_all_box.value:
                cards = "".join(self.card_html(c, 30) for c in self._hand_of(seat))
            else:
                cards = self.backs_html(size, 30)
            dealer = f" · {esc(self.t('dealer'))}" if view["dealer"] == seat else ""
            sub = f"<div class='parlour-sub'>{esc(self.t_count(size, N_('{n} card'), N_('{n} cards')))}{dealer}</div>"
            boxes.append(self.seat_box_html(seat, view, f"{sub}"
                                                         f"<div class='rm-opp-cards'>{cards}</div>"))
        return f"<div class='rm-opponents' style='display:flex' data-testid='opponents'>{''.join(boxes)}</div>"

    def _hand_of(self, seat: int) -> list[str]:
        """Teacher view: another seat's hand (from that seat's own view)."""
        return list(self.game.view(seat)["hand"])

    def _draw_piles(self, view: dict[str, Any]) -> None:
        drawing = view["current_player"] == self.human and view["phase"] == "draw"
        legal = set(view["legal"])
        stock_ok = drawing and "draw stock" in legal
        stock = self.t_count(view["stock_size"], N_("Stock · {n} card"), N_("Stock · {n} cards"))
        self.stock_label.value = f"<div class='rm-pile-label' data-testid='stock'>{esc(stock)}</div>"
        size = view["stock_size"]
        stock_name = self.t(STOCK)
        self.stock_row.card_name = lambda _card: backs_words(size, stock_name, self.lang)  # "Stock, 23 cards face down"
        self.stock_row.show([None] if view["stock_size"] else [], playable=[stock_ok] if view["stock_size"] else [],
                            tooltips=[self._pile_tip(drawing, "draw stock")] if view["stock_size"] else [])
        top = view["discard_top"]
        discard_ok = drawing and "draw discard" in legal
        discards = self.t_count(view["discard_size"], N_("Discard · {n} card"), N_("Discard · {n} cards"))
        self.discard_label.value = f"<div class='rm-pile-label' data-testid='discard'>{esc(discards)}</div>"
        self.discard_row.show([top] if top else [], playable=[discard_ok] if top else [],
                              tooltips=[self._pile_tip(drawing, "draw discard")] if top else [])

    def _pile_tip(self, drawing: bool, action: str) -> str:
        if not drawing:
            return self.t("Wait for your turn." if self.game.current_player != self.human else
                          "You have drawn this turn: meld, lay off or discard.")
        return self.t("Draw the top card of the stock" if action == "draw stock" else
                      "Take the top card of the discard pile")

    def _draw_melds(self, view: dict[str, Any]) -> None:
        melds = view["melds"]
        while len(self.meld_rows) < len(melds):
            number = len(self.meld_rows) + 1
            row = CardRow(label=self.t("Meld {number}", number=number), card_width=MELD_WIDTH, overlap=True,
                          lang=self.lang)
            row.on_play(lambda *_a, number=number: self.lay_off(number))
            row.on_refused(self._on_card_refused)
            title = w.HTML()
            self.meld_rows.append(row)
            self.meld_titles.append(title)
        chosen = self.selected_cards() if self._my_play_phase(view) else []
        legal = set(view["legal"])
        for i, meld in enumerate(melds):
            number = meld["number"]
            row, title = self.meld_rows[i], self.meld_titles[i]
            owner = self.names[meld["owner"]]
            title.value = (f"<span class='rm-meld-title' data-testid='meld-{number}'>{number} · {esc(owner)}"
                           "</span>")
            if len(chosen) == 1:
                action = self.layoff_action(chosen[0], number)
                ok = action in legal or any(a.startswith(action + " ") for a in legal)
                tip = (self.t("Lay {card} off here", card=parse_card(chosen[0]).symbol) if ok
                       else self.game.why_illegal(action, self.human) or "")
            else:
                ok = False
                tip = (self.t("Select one card of your hand, then click here to lay it off.")
                       if self._my_play_phase(view) else
                       self.t("Meld {number}, put down by {owner}", number=number, owner=owner))
            row.interactive = len(chosen) == 1  # the cards are a target only while a card is selected
            lit = ok or not row.interactive  # a meld you are only looking at is not dimmed
            row.show(meld["cards"], playable=[lit] * len(meld["cards"]), tooltips=[tip] * len(meld["cards"]))
        self.melds_box.children = [self._meld_box(i) for i in range(len(melds))]
        title = self.t("Melds on the table: select a card, then click a meld to lay it off" if melds else
                       "No melds on the table yet.")
        self.melds_title.value = f"<div class='parlour-sub'>{esc(title)}</div>"

    def _meld_box(self, i: int) -> w.VBox:
        while len(self.meld_boxes) <= i:
            box = w.VBox([self.meld_titles[len(self.meld_boxes)], self.meld_rows[len(self.meld_boxes)]])
            box.add_class("rm-meld")
            self.meld_boxes.append(box)
        return self.meld_boxes[i]

    def _draw_hand(self, view: dict[str, Any]) -> None:
        cards = self.shown_hand(view)
        self.selected = [i for i in self.selected if i < len(cards)]
        playing = self._my_play_phase(view)
        tips = []
        for i, c in enumerate(cards):
            name = parse_card(c).symbol
            if playing:
                tips.append(self.t("Unselect {card}" if i in self.selected else "Select {card}", card=name))
            elif view["current_player"] == self.human:
                tips.append(self.t("Draw first: click the stock or the discard pile."))
            else:
                tips.append(self.t("Wait for your turn."))
        selected = [i in self.selected for i in range(len(cards))]
        self.hand.show(cards, playable=[playing] * len(cards), tooltips=tips, selected=selected)

    def show_hint(self) -> Hint | None:
        """The hint's cards become your selection, as if you had clicked them: Meld or Discard lights,
        and clicking one of them drops just that card."""
        hint = super().show_hint()
        view = self.game.view(self.human)
        if hint is not None and self._my_play_phase(view) and (cards := self._hinted_cards(hint.action)):
            shown = self.shown_hand(view)
            self.selected = []
            for card in cards:
                self.selected.append(next(i for i, c in enumerate(shown) if c == card and i not in self.selected))
            self.refresh()
        return hint

    @staticmethod
    def _hinted_cards(action: str) -> list[str]:
        verb, _, arg = action.partition(" ")
        if verb == "meld":
            return arg.split()
        if verb in ("discard", "layoff"):
            return [arg.split()[0]]
        return []

    def _draw_buttons(self, view: dict[str, Any]) -> None:
        t = self.t
        playing = self._my_play_phase(view)
        chosen = self.selected_cards() if playing else []
        meld = self.meld_action(chosen)
        if not playing:
            self.meld_button.disabled = True
            self.meld_button.tooltip = t("Draw first." if view["current_player"] == self.human else
                                         "Wait for your turn.")
        elif not chosen:
            self.meld_button.disabled = True
            self.meld_button.tooltip = t("Select the cards of a set or a run, then press Meld.")
        else:
            ok = self.game.why_illegal(meld, self.human) is None
            self.meld_button.disabled = not ok
            self.meld_button.tooltip = (t("Put down {cards}", cards=" ".join(parse_card(c).symbol for c in chosen))
                                        if ok
                                        else self.game.why_illegal(meld, self.human) or "")
        if playing and len(chosen) == 1:
            action = self.discard_action(chosen[0])
            why = self.game.why_illegal(action, self.human)
            self.discard_button.disabled = why is not None
            self.discard_button.tooltip = why or t("Discard {card} and end your turn",
                                                   card=parse_card(chosen[0]).symbol)
        else:
            self.discard_button.disabled = True
            self.discard_button.tooltip = t("Select one card to discard." if playing else
                                            "Draw first." if view["current_player"] == self.human
                                            else "Wait for your turn.")
        self.clear_button.disabled = not self.selected

    def turn_prompt(self, view: dict[str, Any]) -> str:
        if view["phase"] == "draw":
            top = view["discard_top"]
            if top:
                return self.t("Draw: click the stock or take the {card} from the discard pile.",
                              card=parse_card(top).symbol)
            return self.t("Draw: click the stock.")
        return self.t("Select cards and press Meld, select one card and click a meld to lay it off, "
                      "or select one card and press Discard.")

    def action_label(self, action: str) -> str:
        """A move in the words of the control that makes it: the Meld and Discard buttons, the piles."""
        verb, _, arg = action.partition(" ")
        words = arg.split()
        if verb == "meld" and words:
            return f"{self.t(self.meld_word)} " + " ".join(parse_card(c).symbol for c in words)
        if verb == "discard" and words:
            return f"{self.discard_button.description} {parse_card(words[0]).symbol}"
        if verb == "layoff" and words:
            card, number = parse_card(words[0]).symbol, words[2]
            end = words[3] if len(words) > 3 else ""
            if end == "low":
                return self.t("Lay off {card} on meld {number} (low end)", card=card, number=number)
            if end == "high":
                return self.t("Lay off {card} on meld {number} (high end)", card=card, number=number)
            plain = self.t("Lay off {card} on meld {number}", card=card, number=number)
            return plain + (f" ({end} end)" if end else "")
        if action == "draw stock":
            return self.t("Draw from the stock")
        if action == "draw discard":
            top = self.game.view(self.human)["discard_top"]
            return (self.t("Take the {card} from the discard pile", card=parse_card(top).symbol) if top
                    else self.t("Take the discard"))
        return action

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        first = self.t_count(view["target"], N_("First to {n} point wins · deal {deal}"),
                             N_("First to {n} points wins · deal {deal}"), deal=view["deal"])
        return f"<div class='parlour-sub' data-testid='target'>{esc(first)}</div>"
