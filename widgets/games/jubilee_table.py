"""Jubilee's table: the count in large figures beside the next multiple of 25."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from engine.cards import parse_card
from engine.games.jubilee import card_value
from engine import words
from engine.i18n import N_
from widgets.card_svg import STOCK, card_img_html
from widgets.settings import Setting
from widgets.shared_look import shared_layout
from widgets.table import Table
from widgets.table_html import esc


class JubileeTable(Table):
    """Play Jubilee against bots: ``JubileeTable(players=3, seed="K7QM3P")``."""

    game_id = "jubilee"
    languages = ("en", "pt")
    setting_words = {
        "match": Setting("match", N_("Length"),
                         ((N_("One deal for each player"), "each_deals"), (N_("A single deal"), "single")),
                         N_("A match is one deal for each player, so everyone deals once; or play just one deal.")),
        "first_play": Setting("first_play", N_("First card of a deal"),
                              ((N_("Any card"), "any"), (N_("Must be black: a spade or a club"), "black")),
                              N_("Some tables say each deal must open with a spade or a club.")),
        "lang": None,  # the table's language is chosen when it opens
    }

    def felt_children(self) -> list[w.Widget]:
        self.opponents = w.HTML()
        self.count_html = w.HTML()
        self.pile_html = w.HTML()
        self.stock_html = w.HTML()
        center = w.HBox([self.pile_html, self.count_html, self.stock_html])
        center.add_class("parlour-center")
        self.pass_button = w.Button(description=self.t("Show hand and pass"), icon="hand-paper-o",
                                    layout=shared_layout(width="auto"),
                                    tooltip=self.t("Only when every card would take the count below 0"))
        self.pass_button.on_click(lambda _: self.act("pass"))
        buttons = w.HBox([self.hint_button, self.undo_button, self.pass_button])
        self.hand.card_width = 68  # eight cards in one row
        self.banner = w.HTML()
        return [self.opponents, center, self.banner, self.status, self.hand, buttons]

    def action_label(self, action: str) -> str:
        """A pass is the "Show hand and pass" button; a card is played by clicking it."""
        return self.pass_button.description if action == "pass" else super().action_label(action)

    def draw(self, view: dict[str, Any]) -> None:
        self._draw_opponents(view)
        count = view["count"]
        target = view["next_multiple"]
        points = "+20" if target % 100 == 0 else "+10"
        t = self.t
        aim = (t("the match is over") if view["is_over"] else
               t("next Jubilee at <b>{target}</b> ({points})", target=target, points=points))  # none after the last
        heading = t("Final count") if view["is_over"] else t("Count")
        self.count_html.value = (
            f"<div style='text-align:center'><div class='parlour-sub'>{esc(heading)}"
            f"</div><div class='parlour-big' data-testid='count'>{count}</div>"
            f"<div class='parlour-sub' data-testid='aim'>{aim}</div></div>")
        last = view["last_play"]
        if last:
            sign = "+" if last["after"] >= last["before"] else "−"
            caption = (f"{esc(view['names'][last['seat']])}: {last['before']} {sign} "
                       f"{abs(last['after'] - last['before'])}")
            self.pile_html.value = (f"<div style='text-align:center'>{card_img_html(last['card'], 84, lang=self.lang)}"
                                    f"<div class='parlour-sub'>{caption}</div></div>")
        else:
            self.pile_html.value = f"<div class='parlour-sub' style='width:84px'>{esc(t('No card played yet'))}</div>"
        deal = t("Deal {n} of {total}", n=view["deal_number"] + 1, total=view["deals_total"])
        self.stock_html.value = (f"<div style='text-align:center'>"
                                 f"{self.backs_html(view['stock_size'], 60, STOCK, drawn=1)}"
                                 f"<div class='parlour-sub'>{esc(t('Stock: {n}', n=view['stock_size']))}</div>"
                                 f"<div class='parlour-sub'>{esc(deal)}</div></div>")
        self.draw_hand(view, view["hand"])
        self.pass_button.disabled = view["legal"] != ["pass"]
        self.banner.value = self._last_deal_banner(view)

    def _last_deal_banner(self, view: dict[str, Any]) -> str:
        """The previous deal's result, kept in sight while the next deal's first round is played."""
        if view["deal_number"] == 0 or len(view["played"]) >= view["players"] or view["is_over"]:
            return ""
        ends = [e for e in self.game.events_for(self.human) if e["kind"] == "deal_end"]
        return f"<div class='parlour-sub' data-testid='deal-result'>{esc(ends[-1]['text'])}</div>" if ends else ""

    def playable_tip(self, view: dict[str, Any], card: str) -> str:
        """What the card would do to the count."""
        return f"{parse_card(card).symbol}: {view['count']} → {view['count'] + card_value(parse_card(card))}"

    def _draw_opponents(self, view: dict[str, Any]) -> None:
        boxes = []
        show_all = self.show_all_box.value
        for seat in range(view["players"]):
            if seat == self.human:
                continue
            size = view["hand_sizes"][seat]
            shown = view["revealed"][seat]
            if show_all:
                body = self.cards_html(self.game.view(seat)["hand"], 34)
            elif shown:
                body = (self.cards_html(shown, 34)
                        + self.backs_html(size - len(shown), 34)
                        + f"<div class='parlour-sub'>{esc(self.t('shown when passing'))}</div>")
            else:
                body = self.backs_html(size, 30) if size else f"<i>{esc(self.t('no cards'))}</i>"
            held = self.t(words.agreeing(size, N_("{n} card"), N_("{n} cards")), n=size)
            pts = self.t("{n} pts", n=view["scores"][seat])
            boxes.append(self.seat_box_html(seat, view, body + f"<div class='parlour-sub'>{esc(held)} · "
                                                              f"{esc(pts)}</div>"))
        self.opponents.value = f"<div style='display:flex;flex-wrap:wrap;gap:6px'>{''.join(boxes)}</div>"

    def turn_prompt(self, view: dict[str, Any]) -> str:
        if view["legal"] == ["pass"]:
            return self.t("Every card would take the count below 0: show your hand and pass.")
        return self.t("Click a card to play it (or use ← → and Enter). Aim for a multiple of 25.")
