"""Klaberjass's table: you and one bot, the turn-up and the bidding, the trick, points and the maker's risk.

You sit at the bottom and the bot across from you. The strip along the top keeps
what both players know in sight all deal: trumps (or the proposed trump), the
turn-up, the bottom card of the stock, and who the maker is. The bidding buttons
cover both rounds; a suit you may not name is a disabled button whose tooltip gives
the rule (docs/rules/klaberjass.md#klaberjass.bid_second). The side panel keeps the race to 501 and a deal-by-deal
history.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, parse_card
from engine import words
from widgets.card_svg import card_img_html
from widgets.settings import Setting
from widgets.shared_look import set_layout, shared_layout
from widgets.table import Table
from widgets.table_html import esc

KLABERJASS_CSS = """
<style>
.kj-strip { display: flex; flex-wrap: wrap; gap: 10px 16px; align-items: center; }
.kj-chip { display: flex; gap: 6px; align-items: center; background: rgba(0,0,0,.18); border-radius: 10px;
  padding: 3px 8px; font-size: 13px; }
.kj-chip b { color: #ffd54a; }
.kj-trump-big { font-size: 26px; line-height: 1; }
.kj-red { color: #ff8a80; }
.kj-seat { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; justify-content: space-between; }
.kj-backs .parlour-card-img { margin: 1px -10px 1px 0 !important; }
.kj-maker { background: #ffd54a; color: #3a2d00; border-radius: 8px; padding: 1px 6px; font-size: 12px;
  font-weight: 700; }
.kj-dealer { display: inline-block; background: #f4f1e8; color: #1f5a37; border-radius: 50%; width: 17px;
  height: 17px; line-height: 17px; font-size: 11px; font-weight: 700; text-align: center; margin-left: 4px; }
.kj-pts { font-variant-numeric: tabular-nums; font-size: 13px; }
.kj-middle { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center; justify-content: center;
  min-height: 150px; margin: 6px 0; }
.kj-trick { position: relative; width: 150px; height: 150px; border-radius: 50%; background: rgba(0,0,0,.08);
  border: 2px solid rgba(255,255,255,.12); }
.kj-trick .kj-play { position: absolute; left: 50%; transform: translateX(-50%); text-align: center; }
.kj-trick .kj-play--top { top: -6px; }
.kj-trick .kj-play--bottom { bottom: -10px; }
.kj-trick .kj-play--won .parlour-card-img { box-shadow: 0 0 0 3px #ffd54a; border-radius: 4px; }
.kj-trick .kj-play--old { opacity: .8; }
.kj-caption { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); text-align: center;
  font-size: 12px; width: 120px; }
.kj-last { font-size: 12px; text-align: center; }
.kj-news { font-size: 13px; max-width: 300px; }
.kj-news div { margin: 2px 0; }
.kj-bids { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.kj-bids .widget-button { min-width: 44px; min-height: 34px; font-weight: 600; }
.kj-race { display: flex; align-items: center; gap: 6px; font-size: 12px; margin: 2px 0; }
.kj-bar { flex: 1; height: 8px; background: #e6e0d0; border-radius: 4px; overflow: hidden; min-width: 80px; }
.kj-bar span { display: block; height: 100%; background: #2f7d4f; }
.parlour-panel .kj-history td, .parlour-panel .kj-history th { text-align: right; padding: 1px 4px;
  font-size: 12px; }
.parlour-panel .kj-history td:first-child, .parlour-panel .kj-history th:first-child { text-align: left; }
</style>
"""

TURN_UP_STATE = {"proposed": "proposed trump", "refused": "refused, turned down", "trump": "its suit is trumps",
                 "exchanged": "the 7 exchanged for it"}


def suit_words(code: str) -> str:
    return f"{SUIT_SYMBOLS[code]} {SUIT_NAMES[code]}"


def _suit_html(code: str) -> str:
    cls = " kj-red" if code in ("H", "D") else ""
    return f"<span class='kj-trump-big{cls}'>{SUIT_SYMBOLS[code]}</span>"


class KlaberjassTable(Table):
    """Play Klaberjass against a bot: ``KlaberjassTable(seed="K7QM3P", level="medium", target=501)``."""

    game_id = "klaberjass"
    felt_width = 640  # px: the same size while bidding and playing, no wider than a phone
    setting_words = {
        "dix": Setting("dix", "Swapping the 7 of trumps",
                       (("Not played", False), ("Allowed: swap it for the turned-up card", True)),
                       "When the turned-up suit becomes trumps, whoever holds its 7 may swap it for the "
                       "turned-up card before the first lead."),
        "schmeiss": Setting("schmeiss", "Offering to throw the hand in",
                            (("Not played: take or pass only", False), ("Allowed in the first round", True)),
                            "In the first round you may offer to throw the hand in. If the other player "
                            "refuses, you must play with the turned-up suit as trumps."),
        "sequence_tie": Setting("sequence_tie", "Equal best sequences",
                                (("The non-dealer's sequences win", "seed"),
                                 ("One in trumps wins, else nobody scores them", "trump")),
                                "Who scores for sequences when both players' best sequences are equal."),
        "maker_tie": Setting("maker_tie", "When the maker ties",
                             (("He fails: the other takes both totals", "fails"),
                              ("His points wait for the next deal's winner", "held_over"),
                              ("He loses only his own points", "belote")),
                             "What happens when the player who chose trumps ends with exactly as many "
                             "points as the other."),
        "sequences_need_trick": Setting("sequences_need_trick", "Sequences count",
                                        (("Only if their holder wins a trick", True), ("Always", False)),
                                        "Whether a player who takes no trick still scores his sequences."),
        "target": Setting("target", "Game to", (("501 points", 501), ("500 points", 500),
                                                ("301 points: a shorter game", 301)),
                          "The score that wins the game."),
        "turn_up": Setting("turn_up", "The turned-up card",
                           (("Goes under the pack and is shown at the end of the deal", "under_pack"),
                            ("Set aside when refused; the last card of the pack is shown", "out_of_play")),
                           "Where the turned-up card goes, and which card everyone sees when the dealer "
                           "turns the pack over after dealing three more cards each."),
        "lang": None,  # the table's language is chosen when it opens
    }
    hint_score_heading = "Net*"
    hint_score_format = "{:+.0f}"
    hint_score_note = ("* your points minus the other player's this deal (after the maker's rule), averaged over "
                       "the deals I imagined, with both of you playing on as the medium bot does.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Narrow screens: the side panel and the toolbar wrap below the cloth instead of overflowing.
        for box in (self.children[1], self.children[2]):
            set_layout(box, flex_flow="row wrap")
        set_layout(self.felt, min_width="0", max_width="100%")  # no wider than a phone
        set_layout(self.players_box, display="none")  # always two players

    # ---- the widgets on the cloth ----
    def felt_children(self) -> list[w.Widget]:
        self.css_html = w.HTML(KLABERJASS_CSS)
        self.strip = w.HTML()
        self.opponent_html = w.HTML()
        self.middle = w.HTML()
        self.me_html = w.HTML()
        self.bid_buttons: dict[str, w.Button] = {}
        for action, label in (("take", "Take"), ("name S", "Name ♠"), ("name H", "Name ♥"), ("name D", "Name ♦"),
                              ("name C", "Name ♣"), ("schmeiss", "Schmeiss"), ("accept", "Accept: throw in"),
                              ("refuse", "Refuse"), ("exchange", "Exchange the 7"), ("keep", "Keep the 7"),
                              ("pass", "Pass")):
            button = w.Button(description=label, layout=shared_layout(width="auto"))
            button.on_click(lambda _b, action=action: self.act(action))
            self.bid_buttons[action] = button
        self.bid_title = w.HTML()
        self.bid_panel = w.VBox([self.bid_title, w.HBox(list(self.bid_buttons.values()))])
        self.bid_panel.children[1].add_class("kj-bids")
        set_layout(self.bid_panel.children[1], flex_flow="row wrap")
        self.hand.card_width = 56  # nine cards fit one row of the cloth
        buttons = w.HBox([self.hint_button, self.undo_button])
        return [self.css_html, self.strip, self.opponent_html, self.middle, self.me_html, self.status,
                self.bid_panel, self.hand, buttons]

    # ---- painting ----
    def draw(self, view: dict[str, Any]) -> None:
        self.strip.value = self._strip_html(view)
        self.opponent_html.value = self._seat_html(view, 1 - self.human)
        self.middle.value = self._middle_html(view)
        self.me_html.value = self._seat_html(view, self.human)
        self._draw_bids(view)
        self.draw_hand(view, view["hand"])

    def _strip_html(self, view: dict[str, Any]) -> str:
        trump = view["trump"]
        up = view["turn_up"]
        if trump:
            trump_chip = f"<div class='kj-chip' data-testid='trump'>{_suit_html(trump)}<div>Trumps<br>" \
                         f"<b>{esc(SUIT_NAMES[trump])}</b></div></div>"
        else:
            code = parse_card(up).suit
            rnd = view["bidding_round"]
            what = (f"proposed: {esc(SUIT_NAMES[code])}" if rnd == 1 or view["phase"] == "schmeiss"
                    else f"any suit but {esc(SUIT_NAMES[code])}")
            trump_chip = f"<div class='kj-chip' data-testid='trump'><div>Trumps not fixed<br><b>{what}</b></div></div>"
        turn_up = (f"<div class='kj-chip' data-testid='turn-up'>{card_img_html(up, 36)}<div>Turn-up<br>"
                   f"{esc(TURN_UP_STATE[view['turn_up_state']])}</div></div>")
        bottom = view["bottom_card"]
        bottom_chip = (f"<div class='kj-chip' data-testid='bottom-card'>{card_img_html(bottom, 36)}<div>Bottom card"
                       "<br>out of play</div></div>") if bottom else ""
        maker = view["maker"]
        maker_chip = ""
        if maker is not None:
            who = "You take" if maker == self.human else f"{esc(self.names[maker])} takes"
            maker_chip = (f"<div class='kj-chip' data-testid='maker'><div><b>{who} the risk</b><br>the maker must "
                          "score more</div></div>")
        deal = f"<div class='parlour-sub' data-testid='deal'>Deal {view['deal_number']} · to {view['target']}</div>"
        return f"<div class='kj-strip'>{trump_chip}{turn_up}{bottom_chip}{maker_chip}{deal}</div>"

    def _seat_html(self, view: dict[str, Any], seat: int) -> str:
        dealer = "<span class='kj-dealer' title='The dealer'>D</span>" if view["dealer"] == seat else ""
        maker = " <span class='kj-maker' title='The maker takes the risk'>maker</span>" \
            if view["maker"] == seat else ""
        size = view["hand_sizes"][seat]
        cards = ""
        if seat != self.human:
            if self.show_all_box.value:
                cards = self.cards_html(self.game.view(seat)["hand"], 30)
            else:
                cards = f"<span class='kj-backs'>{self.backs_html(size, 28)}</span>"
        pts = (f"<span class='kj-pts' data-testid='points-{seat}'>cards <b>{view['card_points'][seat]}</b> · "
               f"this deal <b>{view['deal_points'][seat]}</b> · tricks {view['tricks_won'][seat]} · "
               f"game <b>{view['scores'][seat]}</b></span>")
        active = " parlour-seat--active" if view["current_player"] == seat else ""
        return (f"<div class='parlour-seat kj-seat{active}' data-seat='{seat}'><span>"
                f"<span class='parlour-seat-name'>{esc(self.names[seat])}</span>{dealer}{maker}</span>"
                f"{cards}{pts}</div>")

    def _middle_html(self, view: dict[str, Any]) -> str:
        plays: list[tuple[int, str]] = [(s, c) for s, c in view["trick"]]
        winner, old, caption = None, False, ""
        last = view["last_trick"]
        if not plays and last is not None:
            plays = list(zip(last["seats"], last["cards"]))
            winner, old = last["winner"], True
            caption = f"<b>{esc(self.game.subject(winner, 'wins'))}</b> {last['points']} pts"
        elif not plays and view["phase"] == "play":
            caption = f"{esc(self.game.subject(view['current_player'], 'leads'))}"
        parts = []
        for seat, card in plays:
            where = "bottom" if seat == self.human else "top"
            cls = f"kj-play kj-play--{where}" + (" kj-play--won" if seat == winner else "") + \
                (" kj-play--old" if old else "")
            parts.append(f"<div class='{cls}' data-card='{esc(card)}' data-seat='{seat}'>{card_img_html(card, 56)}"
                         "</div>")
        if caption:
            parts.append(f"<div class='kj-caption' data-testid='trick-caption'>{caption}</div>")
        trick = f"<div class='kj-trick' data-testid='trick'>{''.join(parts)}</div>"
        last_html = ""
        if last is not None and view["trick"]:
            cards = "".join(card_img_html(c, 28) for c in last["cards"])
            last_html = (f"<div class='kj-last' data-testid='last-trick'>Last trick<br>{cards}<br>won by "
                         f"<b>{esc(self.names[last['winner']])}</b> ({last['points']} pts)</div>")
        return f"<div class='kj-middle'>{trick}{last_html}{self._news_html(view)}</div>"

    def _news_html(self, view: dict[str, Any]) -> str:
        """Sequences shown and Bella, as announced this deal."""
        lines = []
        seq = view["sequences"]
        if seq["text"]:
            if seq["winner"] is None:
                lines.append("<div>No sequence scores this deal.</div>")
            else:
                who = self.names[seq["winner"]]
                shows = self.game.subject(seq["winner"], "shows")
                for q in seq["shown"]:
                    cards = "".join(card_img_html(c, 24) for c in q["cards"])
                    lines.append(f"<div data-testid='sequence'>{esc(shows)} {esc(q['name'])}: {cards}</div>")
                state = ("counts: +" + str(seq["points"]) if seq["counts"] else
                         "counts once its holder wins a trick" if view["phase"] == "play" else "scored nothing")
                lines.append(f"<div><b>Sequences:</b> {esc(who)} — {esc(state)}</div>")
        if view["bella"]:
            lines.append(f"<div data-testid='bella'><b>Bella!</b> {esc(self.names[view['bella']['seat']])} +20 "
                         "(King and Queen of trumps)</div>")
        elif view["bella_in_hand"]:
            lines.append("<div>You hold Bella (King and Queen of trumps): +20 when you play the second.</div>")
        return f"<div class='kj-news' data-testid='news'>{''.join(lines)}</div>" if lines else ""

    def _draw_bids(self, view: dict[str, Any]) -> None:
        phase = view["phase"]
        shown = {"bid1": {"take", "pass", "schmeiss"}, "bid2": {"name S", "name H", "name D", "name C", "pass"},
                 "schmeiss": {"accept", "refuse"}, "dix": {"exchange", "keep"}}.get(phase, set())
        if not view["options"]["schmeiss"]:
            shown.discard("schmeiss")
        set_layout(self.bid_panel, display="" if shown else "none")
        my_turn = view["current_player"] == self.human
        hinted = self._last_hint.action if self._last_hint else None
        for action, button in self.bid_buttons.items():
            set_layout(button, display="" if action in shown else "none")
            if action == "take":
                button.description = self.action_label("take")
            if not my_turn:
                button.disabled, button.tooltip = True, "Wait for your turn."
            elif action in view["legal"]:
                button.disabled, button.tooltip = False, self._bid_tip(view, action)
            else:
                button.disabled, button.tooltip = True, self.hand_tooltip(action)
            button.button_style = "warning" if hinted == action and my_turn else ""
        self.bid_title.value = self._bid_title(view)

    def _bid_tip(self, view: dict[str, Any], action: str) -> str:
        if action == "take":
            return f"Take {suit_words(parse_card(view['turn_up']).suit)} as trumps: you become the maker."
        if action.startswith("name"):
            return f"Name {suit_words(action.split()[1])} as trumps: you become the maker."
        return {"pass": "Pass: let the other player choose, or go on to the next round.",
                "schmeiss": "Offer to throw the hand in; if refused, you play the turned-up suit.",
                "accept": "Agree: the hand is thrown in and dealt again.",
                "refuse": f"Refuse: {self.names[1 - self.human]} must play the turned-up suit and becomes the maker.",
                "exchange": "Swap your 7 of trumps for the turned-up card.",
                "keep": "Keep your 7 of trumps."}.get(action, action)

    def _bid_title(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        passes = [f"{esc(self.names[s])} passed (round {r})" for s, r in view["passes"]]
        said = f" <span class='parlour-sub'>{'; '.join(passes)}.</span>" if passes else ""
        if phase == "bid1":
            return f"<b>First round:</b> take the turned-up suit as trumps, or pass.{said}"
        if phase == "bid2":
            return f"<b>Second round:</b> name another suit as trumps, or pass.{said}"
        if phase == "schmeiss":
            return (f"<b>Schmeiss:</b> throw the hand in, or refuse and make {esc(self.names[1 - self.human])} play "
                    "the turned-up suit as the maker.")
        if phase == "dix":
            return "<b>Dix:</b> you may exchange your 7 of trumps for the turned-up card."
        return ""

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        """The race to the target and the deal-by-deal history."""
        target = view["target"]
        bars = "".join(
            f"<div class='kj-race'><span style='width:44px'>{esc(self.names[s])}</span><span class='kj-bar'>"
            f"<span style='width:{min(100, 100 * view['scores'][s] // max(1, target))}%'></span></span>"
            f"<span>{view['scores'][s]}/{target}</span></div>" for s in (0, 1))
        rows = []
        for r in view["results"]:
            trump = SUIT_SYMBOLS[r["trump"]]
            rows.append(f"<tr><td>{r['deal']}</td><td>{trump} {esc(self.names[r['maker']])}</td>"
                        f"<td>{r['totals'][0]}–{r['totals'][1]}</td><td>{r['outcome']}</td>"
                        f"<td>+{r['scored'][0]}</td><td>+{r['scored'][1]}</td></tr>")
        head = (f"<tr><th>Deal</th><th>Maker</th><th>Points</th><th></th><th>{esc(self.names[0])}</th>"
                f"<th>{esc(self.names[1])}</th></tr>")
        played = words.count(len(rows), "deal")
        history = (f"<b>{played} played</b><table class='kj-history' data-testid='history'>{head}{''.join(rows)}"
                   "</table>" if rows else "<b>Deals</b><div class='parlour-sub'>No deal finished yet.</div>")
        held = f"<div class='parlour-sub'>Held over: {view['held_over']}</div>" if view["held_over"] else ""
        return f"<div data-testid='race' style='margin-top:4px'>{bars}</div>{held}{history}"

    def history_html(self) -> str:
        """Nothing more: :meth:`scoreboard_extra` already shows each deal, with its maker and both totals."""
        return ""

    def turn_prompt(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "bid1":
            return "Take the turned-up suit as trumps, or pass."
        if phase == "bid2":
            return "Name another suit as trumps, or pass."
        if phase in ("schmeiss", "dix"):
            return "Choose with the buttons below."
        if view["led_suit"]:
            led = SUIT_NAMES[view["led_suit"]]
            return f"{led.capitalize()} were led. Click a card you may play (or use ← → and Enter)."
        return "Your lead: click a card (or use ← → and Enter)."

    def action_label(self, action: str) -> str:
        """A move in its button's words ("Accept: throw in"); taking the turn-up names its suit: "Take ♥"."""
        if action == "take":  # the button and the hint's headline both say it so (it read "Take ♥ ♥")
            return f"Take {parse_card(self.game.view(self.human)['turn_up']).symbol[-1]}"
        if action in self.bid_buttons:
            return self.bid_buttons[action].description
        return super().action_label(action)
