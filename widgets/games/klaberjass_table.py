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
from engine.i18n import N_, Sentence, say
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

TURN_UP_STATE = {"proposed": N_("proposed trump"), "refused": N_("refused, turned down"),
                 "trump": N_("its suit is trumps"), "exchanged": N_("the 7 exchanged for it")}
#: a finished deal's outcome for the maker, in the history's words
OUTCOME_WORDS = {"made": N_("made"), "failed": N_("failed"), "tie": N_("tie")}


def suit_words(code: str, lang: str = "en") -> str:
    """"♥ hearts" / "♥ copas"."""
    return f"{SUIT_SYMBOLS[code]} {say(lang, SUIT_NAMES[code])}"


def _suit_html(code: str) -> str:
    cls = " kj-red" if code in ("H", "D") else ""
    return f"<span class='kj-trump-big{cls}'>{SUIT_SYMBOLS[code]}</span>"


class KlaberjassTable(Table):
    """Play Klaberjass against a bot: ``KlaberjassTable(seed="K7QM3P", level="medium", target=501)``."""

    game_id = "klaberjass"
    felt_width = 640  # px: the same size while bidding and playing, no wider than a phone
    languages = ("en", "pt")
    setting_words = {
        "dix": Setting("dix", N_("Swapping the 7 of trumps"),
                       ((N_("Not played"), False), (N_("Allowed: swap it for the turned-up card"), True)),
                       N_("When the turned-up suit becomes trumps, whoever holds its 7 may swap it for the "
                          "turned-up card before the first lead.")),
        "schmeiss": Setting("schmeiss", N_("Offering to throw the hand in"),
                            ((N_("Not played: take or pass only"), False), (N_("Allowed in the first round"), True)),
                            N_("In the first round you may offer to throw the hand in. If the other player "
                               "refuses, you must play with the turned-up suit as trumps.")),
        "sequence_tie": Setting("sequence_tie", N_("Equal best sequences"),
                                ((N_("The non-dealer's sequences win"), "seed"),
                                 (N_("One in trumps wins, else nobody scores them"), "trump")),
                                N_("Who scores for sequences when both players' best sequences are equal.")),
        "maker_tie": Setting("maker_tie", N_("When the maker ties"),
                             ((N_("He fails: the other takes both totals"), "fails"),
                              (N_("His points wait for the next deal's winner"), "held_over"),
                              (N_("He loses only his own points"), "belote")),
                             N_("What happens when the player who chose trumps ends with exactly as many "
                                "points as the other.")),
        "sequences_need_trick": Setting("sequences_need_trick", N_("Sequences count"),
                                        ((N_("Only if their holder wins a trick"), True), (N_("Always"), False)),
                                        N_("Whether a player who takes no trick still scores his sequences.")),
        "target": Setting("target", N_("Game to"), ((N_("501 points"), 501), (N_("500 points"), 500),
                                                    (N_("301 points: a shorter game"), 301)),
                          N_("The score that wins the game.")),
        "turn_up": Setting("turn_up", N_("The turned-up card"),
                           ((N_("Goes under the pack and is shown at the end of the deal"), "under_pack"),
                            (N_("Set aside when refused; the last card of the pack is shown"), "out_of_play")),
                           N_("Where the turned-up card goes, and which card everyone sees when the dealer "
                              "turns the pack over after dealing three more cards each.")),
        "lang": None,  # the table's language is chosen when it opens
    }
    hint_score_heading = N_("Net*")
    hint_score_format = "{:+.0f}"
    hint_score_note = N_("* your points minus the other player's this deal (after the maker's rule), averaged over "
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
        names = [(f"name {s}", self.t("Name {suit}", suit=SUIT_SYMBOLS[s])) for s in "SHDC"]
        for action, label in (("take", self.t("Take")), *names, ("schmeiss", self.t("Schmeiss")),
                              ("accept", self.t("Accept: throw in")), ("refuse", self.t("Refuse")),
                              ("exchange", self.t("Exchange the 7")), ("keep", self.t("Keep the 7")),
                              ("pass", self.t("Pass"))):
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
        t = self.t
        trump = view["trump"]
        up = view["turn_up"]
        if trump:
            trump_chip = f"<div class='kj-chip' data-testid='trump'>{_suit_html(trump)}<div>{esc(t('Trumps'))}<br>" \
                         f"<b>{esc(t(SUIT_NAMES[trump]))}</b></div></div>"
        else:
            code = parse_card(up).suit
            rnd = view["bidding_round"]
            what = esc(t("proposed: {suit}" if rnd == 1 or view["phase"] == "schmeiss" else "any suit but {suit}",
                         suit=t(SUIT_NAMES[code])))
            trump_chip = (f"<div class='kj-chip' data-testid='trump'><div>{esc(t('Trumps not fixed'))}<br><b>{what}</b>"
                          "</div></div>")
        turn_up = (f"<div class='kj-chip' data-testid='turn-up'>{self.card_html(up, 36)}<div>{esc(t('Turn-up'))}<br>"
                   f"{esc(t(TURN_UP_STATE[view['turn_up_state']]))}</div></div>")
        bottom = view["bottom_card"]
        bottom_chip = (f"<div class='kj-chip' data-testid='bottom-card'>{self.card_html(bottom, 36)}<div>"
                       f"{esc(t('Bottom card'))}<br>{esc(t('out of play'))}</div></div>") if bottom else ""
        maker = view["maker"]
        maker_chip = ""
        if maker is not None:
            risk = Sentence.in_language(self.lang, N_("{who} takes the risk"), who=self.names[maker])
            maker_chip = (f"<div class='kj-chip' data-testid='maker'><div><b>{esc(risk)}</b><br>"
                          f"{esc(t('the maker must score more'))}</div></div>")
        deal_words = t("Deal {n} · to {target}", n=view["deal_number"], target=view["target"])
        deal = f"<div class='parlour-sub' data-testid='deal'>{esc(deal_words)}</div>"
        return f"<div class='kj-strip'>{trump_chip}{turn_up}{bottom_chip}{maker_chip}{deal}</div>"

    def _seat_html(self, view: dict[str, Any], seat: int) -> str:
        t = self.t
        dealer = (f"<span class='kj-dealer' title='{esc(t('The dealer'))}'>{esc(t('D'))}</span>"
                  if view["dealer"] == seat else "")
        maker = (f" <span class='kj-maker' title='{esc(t('The maker takes the risk'))}'>{esc(t('maker'))}</span>"
                 if view["maker"] == seat else "")
        size = view["hand_sizes"][seat]
        cards = ""
        if seat != self.human:
            if self.show_all_box.value:
                cards = self.cards_html(self.game.view(seat)["hand"], 30)
            else:
                cards = f"<span class='kj-backs'>{self.backs_html(size, 28)}</span>"
        points = t("cards <b>{cards}</b> · this deal <b>{deal}</b> · tricks {tricks} · game <b>{game}</b>",
                   cards=view["card_points"][seat], deal=view["deal_points"][seat], tricks=view["tricks_won"][seat],
                   game=view["scores"][seat])
        pts = f"<span class='kj-pts' data-testid='points-{seat}'>{points}</span>"
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
            wins = Sentence.in_language(self.lang, N_("{who} wins"), who=self.names[winner])
            caption = f"<b>{esc(wins)}</b> {esc(self.t('{n} pts', n=last['points']))}"
        elif not plays and view["phase"] == "play":
            caption = esc(Sentence.in_language(self.lang, N_("{who} leads"), who=self.names[view["current_player"]]))
        parts = []
        for seat, card in plays:
            where = "bottom" if seat == self.human else "top"
            cls = f"kj-play kj-play--{where}" + (" kj-play--won" if seat == winner else "") + \
                (" kj-play--old" if old else "")
            parts.append(f"<div class='{cls}' data-card='{esc(card)}' data-seat='{seat}'>{self.card_html(card, 56)}"
                         "</div>")
        if caption:
            parts.append(f"<div class='kj-caption' data-testid='trick-caption'>{caption}</div>")
        trick = f"<div class='kj-trick' data-testid='trick'>{''.join(parts)}</div>"
        last_html = ""
        if last is not None and view["trick"]:
            cards = self.cards_html(last["cards"], 28)
            won_by = self.t("won by <b>{who}</b>", who=esc(self.names[last["winner"]]))
            last_html = (f"<div class='kj-last' data-testid='last-trick'>{esc(self.t('Last trick'))}<br>{cards}<br>"
                         f"{won_by} ({esc(self.t('{n} pts', n=last['points']))})</div>")
        return f"<div class='kj-middle'>{trick}{last_html}{self._news_html(view)}</div>"

    def _news_html(self, view: dict[str, Any]) -> str:
        """Sequences shown and Bella, as announced this deal."""
        t = self.t
        lines = []
        seq = view["sequences"]
        if seq["text"]:
            if seq["winner"] is None:
                lines.append(f"<div>{esc(t('No sequence scores this deal.'))}</div>")
            else:
                who = self.names[seq["winner"]]
                for q in seq["shown"]:
                    cards = self.cards_html(q["cards"], 24)
                    named = t("a tertz ({n} cards to the {card})" if len(q["cards"]) == 3 else
                              "a fifty ({n} cards to the {card})", n=len(q["cards"]),
                              card=parse_card(q["cards"][0]).symbol)
                    shows = Sentence.in_language(self.lang, N_("{who} shows {sequence}:"), who=who, sequence=named)
                    lines.append(f"<div data-testid='sequence'>{esc(shows)} {cards}</div>")
                state = (t("counts: +{n}", n=seq["points"]) if seq["counts"] else
                         t("counts once its holder wins a trick" if view["phase"] == "play" else "scored nothing"))
                lines.append(f"<div><b>{esc(t('Sequences:'))}</b> {esc(who)} — {esc(state)}</div>")
        if view["bella"]:
            lines.append(f"<div data-testid='bella'><b>Bella!</b> {esc(self.names[view['bella']['seat']])} +20 "
                         f"({esc(t('King and Queen of trumps'))})</div>")
        elif view["bella_in_hand"]:
            lines.append(f"<div>{esc(t('You hold Bella (King and Queen of trumps): +20 when you play the second.'))}"
                         "</div>")
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
            with button.hold_sync():  # a turn changes both: one message per button, not two
                if action == "take":
                    button.description = self.action_label("take")
                if not my_turn or action not in shown:  # a hidden one waits, the same each turn: nothing sent
                    button.disabled, button.tooltip = True, self.t("Wait for your turn.")
                elif action in view["legal"]:
                    button.disabled, button.tooltip = False, self._bid_tip(view, action)
                else:
                    button.disabled, button.tooltip = True, self.hand_tooltip(action)
                button.button_style = "warning" if hinted == action and my_turn else ""
        self.bid_title.value = self._bid_title(view)

    def _bid_tip(self, view: dict[str, Any], action: str) -> str:
        t = self.t
        if action == "take":
            return t("Take {suit} as trumps: you become the maker.",
                     suit=suit_words(parse_card(view["turn_up"]).suit, self.lang))
        if action.startswith("name"):
            return t("Name {suit} as trumps: you become the maker.", suit=suit_words(action.split()[1], self.lang))
        if action == "refuse":
            return t("Refuse: {who} must play the turned-up suit and becomes the maker.",
                     who=self.names[1 - self.human])
        tips = {"pass": N_("Pass: let the other player choose, or go on to the next round."),
                "schmeiss": N_("Offer to throw the hand in; if refused, you play the turned-up suit."),
                "accept": N_("Agree: the hand is thrown in and dealt again."),
                "exchange": N_("Swap your 7 of trumps for the turned-up card."),
                "keep": N_("Keep your 7 of trumps.")}
        return t(tips[action]) if action in tips else action

    def _bid_title(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        t = self.t
        passes = [t("{who} passed (round {r})", who=esc(self.names[s]), r=r) for s, r in view["passes"]]
        said = f" <span class='parlour-sub'>{'; '.join(passes)}.</span>" if passes else ""
        if phase == "bid1":
            return t("<b>First round:</b> take the turned-up suit as trumps, or pass.") + said
        if phase == "bid2":
            return t("<b>Second round:</b> name another suit as trumps, or pass.") + said
        if phase == "schmeiss":
            return t("<b>Schmeiss:</b> throw the hand in, or refuse and make {who} play the turned-up suit as the "
                     "maker.", who=esc(self.names[1 - self.human]))
        if phase == "dix":
            return t("<b>Dix:</b> you may exchange your 7 of trumps for the turned-up card.")
        return ""

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        """The race to the target and the deal-by-deal history."""
        t = self.t
        target = view["target"]
        bars = "".join(
            f"<div class='kj-race'><span style='width:44px'>{esc(self.names[s])}</span><span class='kj-bar'>"
            f"<span style='width:{min(100, 100 * view['scores'][s] // max(1, target))}%'></span></span>"
            f"<span>{view['scores'][s]}/{target}</span></div>" for s in (0, 1))
        rows = []
        for r in view["results"]:
            trump = SUIT_SYMBOLS[r["trump"]]
            outcome = t(OUTCOME_WORDS[r["outcome"]]) if r["outcome"] in OUTCOME_WORDS else r["outcome"]
            rows.append(f"<tr><td>{r['deal']}</td><td>{trump} {esc(self.names[r['maker']])}</td>"
                        f"<td>{r['totals'][0]}–{r['totals'][1]}</td><td>{esc(outcome)}</td>"
                        f"<td>+{r['scored'][0]}</td><td>+{r['scored'][1]}</td></tr>")
        head = (f"<tr><th>{esc(t('Deal'))}</th><th>{esc(t('Maker'))}</th><th>{esc(t('Points'))}</th><th></th>"
                f"<th>{esc(self.names[0])}</th><th>{esc(self.names[1])}</th></tr>")
        played = self.t_count(len(rows), N_("{n} deal played"), N_("{n} deals played"))
        history = (f"<b>{esc(played)}</b><table class='kj-history' data-testid='history'>{head}{''.join(rows)}"
                   "</table>" if rows else
                   f"<b>{esc(t('Deals'))}</b><div class='parlour-sub'>{esc(t('No deal finished yet.'))}</div>")
        held = (f"<div class='parlour-sub'>{esc(t('Held over: {n}', n=view['held_over']))}</div>"
                if view["held_over"] else "")
        return f"<div data-testid='race' style='margin-top:4px'>{bars}</div>{held}{history}"

    def history_html(self) -> str:
        """Nothing more: :meth:`scoreboard_extra` already shows each deal, with its maker and both totals."""
        return ""

    def turn_prompt(self, view: dict[str, Any]) -> str:
        phase = view["phase"]
        if phase == "bid1":
            return self.t("Take the turned-up suit as trumps, or pass.")
        if phase == "bid2":
            return self.t("Name another suit as trumps, or pass.")
        if phase in ("schmeiss", "dix"):
            return self.t("Choose with the buttons below.")
        if view["led_suit"]:
            led = self.t(SUIT_NAMES[view["led_suit"]]).capitalize()
            return self.t("{suit} were led. Click a card you may play (or use ← → and Enter).", suit=led)
        return self.t("Your lead: click a card (or use ← → and Enter).")

    def action_label(self, action: str) -> str:
        """A move in its button's words ("Accept: throw in"); taking the turn-up names its suit: "Take ♥"."""
        if action == "take":  # the button and the hint's headline both say it so (it read "Take ♥ ♥")
            return self.t("Take {suit}", suit=parse_card(self.game.view(self.human)["turn_up"]).symbol[-1])
        if action in self.bid_buttons:
            return self.bid_buttons[action].description
        return super().action_label(action)
