"""The card table every game shares: seats, bots, log with "Why?", hint, undo, deal codes.

A game's table subclasses :class:`Table` and draws only what is its own (the count,
a trick, a bidding panel). Everything a person can do is a widget with a Python
handle, so tests click buttons in plain pytest and the browser tests prove the same
clicks in Chromium.
"""

from __future__ import annotations

import asyncio
import html
import os
import re
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

import ipywidgets as w

import engine
from engine.cards import FRENCH_SUITS, SUIT_NAMES
from engine.hints import LEVELS, Bot, Hint
from engine import words
from engine.i18n import N_, Sentence, said, say
from engine.protocol import ParlourError, SaveError
from engine.shuffle import deal_code, decode_deal_code, random_seed
from widgets.card_surface import CardRow
from widgets.autosave import AutoSave, TableSave, next_slot, read_table_save
from widgets.card_svg import card_img_html
from widgets.connection import LOST_MESSAGE, RELOAD, ConnectionWatch
from widgets.deal_link import (CopyLink, DealLink, DealLinkError, link_query, preheated, read_deal_link, take_link,
                               take_page_link)
from widgets.settings import Setting, decode, encode, settings_for
from widgets.review_panel import ReviewPanel

BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Max", "Noor")
LOG_ROWS = 12

TABLE_CSS = """
<style>
.parlour-table { background: radial-gradient(ellipse at center, #2f7d4f 0%, #1f5a37 75%, #184a2d 100%);
  border-radius: 18px; padding: 14px 16px; color: #f4f1e8; box-shadow: inset 0 0 30px rgba(0,0,0,.35);
  box-sizing: border-box; max-width: 100%; }
/* The table measures its own width (a notebook column is narrower than the window): the side
   panel drops below the cloth when both do not fit, and the cloth scales its drawings down. */
.parlour { container-type: inline-size; container-name: parlour; max-width: 100%; }
.parlour-toolbar, .parlour-buttons { flex-wrap: wrap; gap: 2px 4px; align-items: center; }
/* every row of controls on the cloth wraps on a narrow screen rather than squeezing its buttons to "…" */
.parlour-table .widget-hbox:has(> .widget-button) { flex-wrap: wrap; }
.parlour-table .widget-hbox > .widget-button { flex-shrink: 0; }
.parlour-main { flex-wrap: wrap; align-items: flex-start; gap: 10px 14px; }
.parlour-main > .parlour-table { flex: 0 1 auto; min-width: 0; }
.parlour-side { flex: 1 1 300px; min-width: 260px; max-width: 420px; }
.parlour-log-scroll { max-height: 280px; overflow-y: auto; display: flex; flex-direction: column-reverse; }
.parlour-log-old { font-size: 13px; line-height: 1.3; opacity: .8; }
.parlour-log-old .widget-html-content { line-height: 1.3; }  /* as the log's rows, under their text */
.parlour-log-old .widget-html-content > div { padding: 1px 0 1px 62px; text-indent: 0; }
.parlour-settings .parlour-setting { flex-wrap: wrap; align-items: center; gap: 0 8px; }
.parlour-setting-help { font-size: 12px; color: #555; }
.parlour-end { background: rgba(0,0,0,.25); border-radius: 10px; padding: 6px 10px; margin: 4px 0; }
.parlour-end table td { padding: 0 8px 0 0; }
.parlour-history { max-height: 170px; overflow-y: auto; margin-top: 6px; }
.parlour-history th, .parlour-history td { text-align: right !important; font-variant-numeric: tabular-nums; }
.parlour-history th:first-child, .parlour-history td:first-child { text-align: left !important; }
@container parlour (max-width: 760px) {
  .parlour-side { max-width: none; flex-basis: 100%; }
  .parlour-main > .parlour-table { padding: 8px 6px; border-radius: 12px; }
  .parlour-scale { zoom: .8; }
  .parlour-toolbar .widget-dropdown { width: 180px !important; }
  .parlour-big { font-size: 40px; }
}
@container parlour (max-width: 600px) { .parlour-scale { zoom: .62; } }
@container parlour (max-width: 460px) { .parlour-scale { zoom: .54; } }
.parlour-table .widget-label, .parlour-table .widget-html-content { color: #f4f1e8; }
.parlour-seat { background: rgba(0,0,0,.18); border-radius: 10px; padding: 4px 8px; margin: 2px 4px; }
.parlour-seat--active { outline: 2px solid #ffd54a; }
.parlour-seat-name { font-weight: 600; }
.parlour-center { margin: 10px 0; align-items: center; justify-content: center; gap: 18px; }
.parlour-big { font-size: 56px; font-weight: 700; line-height: 1; font-variant-numeric: tabular-nums; }
.parlour-sub { font-size: 14px; opacity: .9; }
.parlour-status { font-size: 15px; min-height: 24px; overflow-wrap: anywhere; }  /* a long typed code wraps */
.parlour-side { margin-left: 14px; min-width: 300px; max-width: 380px; }
.parlour-panel { border: 1px solid #d6d0c0; border-radius: 10px; padding: 6px 10px; background: #fbf8f1;
  margin-bottom: 8px; }
.parlour-panel table { border-collapse: collapse; width: 100%; }
.parlour-panel td, .parlour-panel th { padding: 2px 6px; text-align: left; }
.parlour-log-row { align-items: center; margin: 0; }
.parlour-log-row .widget-html-content { font-size: 13px; line-height: 1.3; }
.parlour-log-row .widget-html, .parlour-log-row .widget-html-content { height: auto !important;
  min-height: 24px; line-height: 1.3 !important; }
.parlour-log-row { height: auto !important; margin: 1px 0 !important; flex-shrink: 0 !important; }
.parlour-log-scroll > *, .parlour-side > *, .parlour-table > * { flex-shrink: 0 !important; }
.parlour-log-row .widget-html { flex: 1 1 0; min-width: 0; }
.parlour .widget-checkbox { height: auto; }
.parlour .widget-checkbox label { white-space: normal; }
.parlour-why { font-size: 12px; color: #4a4a4a; }
.parlour-hint { background: #fff7d6; border-color: #e5c453; font-size: 13px; line-height: 1.35; color: #2b2b2b;
  max-height: 300px; overflow-y: auto; }  /* a long hint scrolls; it never pushes the log away */
.parlour-hint p { margin: 4px 0 6px; }
.parlour-hint table { font-size: 12px; line-height: 1.25; }
.parlour-hint td { vertical-align: top; }
.parlour-card-img svg { vertical-align: middle; margin: 1px; }
.parlour-resume { background: #eef6ee; border: 1px solid #8fbf95; border-radius: 8px; padding: 6px 10px;
  margin: 2px 0 6px; gap: 4px; }
.parlour-resume .widget-html-content, .parlour-autosave-note .widget-html-content { line-height: 1.35; }
.parlour-link-notice, .parlour-save-notice { background: #fdecea; border: 1px solid #e0a39b; border-radius: 8px;
  padding: 4px 10px; margin: 2px 0 6px; overflow-wrap: anywhere; }
</style>
"""


def esc(text: Any) -> str:
    return html.escape(str(text))


class LogHistory(w.VBox):
    """The log's older lines in blocks: a new line re-sends its block, never the whole game's log.

    A page's server drops messages past about a megabyte a second; a long El Gato on Autoplay
    re-sent a 60 kB log each trick, and a view that loses messages shows a table that no longer moves.
    """

    block = 40  # lines per block

    def show(self, lines: list[str]) -> None:
        blocks = ["".join(lines[i:i + self.block]) for i in range(0, len(lines), self.block)]
        shown: tuple[w.HTML, ...] = tuple(self.children)
        if len(blocks) > len(shown):
            shown += tuple(w.HTML() for _ in range(len(blocks) - len(shown)))
            self.set_trait("children", shown)
        for i, child in enumerate(shown):
            child.value = blocks[i] if i < len(blocks) else ""  # an unchanged block sends nothing

    @property
    def value(self) -> str:
        """Every older line's HTML, in order."""
        shown: tuple[w.HTML, ...] = tuple(self.children)
        return "".join(child.value for child in shown)


class DealCodeError(ParlourError):
    """Text typed into the deal-code box that is not a deal code."""


@dataclass(frozen=True)
class TableCode:
    """What a table's code says: the players, the deal, and (after a slash) the settings."""

    players: int
    seed: int
    settings: str | None = None


NOT_A_CODE = N_("“{text}” is not a deal code: a code is six letters and digits, like 4-K7QM3P.")
YOU = N_("You")
FACE_DOWN = N_("Face-down card")  # widgets.card_svg.BACK_NAME, in the table's language
RANK_WORDS = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}  # a card's name, translated
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}  # the bots' levels, as shown
# "4-K7QM3P", "K7QM3P", "4-K7QM3P/0120"; a long number is a seed too big for six letters.
_TABLE_CODE = re.compile(r"(?:(?P<players>[0-9]{1,2})\s*-\s*)?(?P<deal>[A-Za-z0-9 -]{1,24}?)"
                         r"(?:\s*/\s*(?P<settings>[0-9]{1,16}))?")
_MAX_CODE_TEXT = 40


def read_table_code(code: str, default_players: int) -> TableCode:
    """``"3-K7QM3P/01"`` → 3 players, the seed of K7QM3P, settings ``"01"``; refuses anything else.

    A deal code is exactly six letters and digits (look-alikes such as O for 0 are
    forgiven), so "hello" is refused rather than dealt. Only ASCII digits count as
    numbers: "3²-K7QM3P" is not a player count.
    """
    text = str(code).strip()
    if len(text) > _MAX_CODE_TEXT or not (found := _TABLE_CODE.fullmatch(text)):
        raise DealCodeError(Sentence(NOT_A_CODE, text=text[:_MAX_CODE_TEXT]))
    players = int(found["players"]) if found["players"] else default_players
    deal = found["deal"].replace(" ", "").replace("-", "")
    if deal.isdigit() and len(deal) > 6:
        if len(deal) > 19:
            raise DealCodeError(Sentence(N_("“{text}” is not a deal code: that number is too long."), text=text))
        return TableCode(players, int(deal), found["settings"])
    if len(deal) != 6:
        raise DealCodeError(Sentence(NOT_A_CODE, text=text))
    try:
        seed = decode_deal_code(deal)
    except ValueError:
        raise DealCodeError(Sentence(NOT_A_CODE, text=text)) from None
    return TableCode(players, seed, found["settings"])


def parse_table_code(code: str, default_players: int) -> tuple[int, int]:
    """``"3-K7QM3P"`` → (3 players, seed); a bare ``"K7QM3P"`` keeps the player count."""
    read = read_table_code(code, default_players)
    return read.players, read.seed


def code_box_width(code: str) -> str:
    """The deal-code box's width: the whole code in sight (one with settings is longer), never under 220 px."""
    return f"max(220px, calc(var(--jp-widgets-inline-label-width, 80px) + {round(len(code) * 1.2) + 3}ch))"


def _holds(box: w.Widget, widget: w.Widget) -> bool:
    """``widget`` is ``box`` or inside it."""
    return box is widget or any(_holds(child, widget) for child in getattr(box, "children", ()))


def teacher_tools_enabled() -> bool:
    """False when a classroom server sets ``PARLOUR_TEACHER_TOOLS=off``: no "show all hands" switch."""
    return os.environ.get("PARLOUR_TEACHER_TOOLS", "on").strip().lower() not in ("off", "0", "false", "no")


class Table(w.VBox):
    """A game against bots for the learner in seat 0 ("You")."""

    game_id: str = ""
    human = 0
    lang = "en"  #: the language of every word the table shows (engine.i18n)
    languages: ClassVar[tuple[str, ...]] = ("en",)  #: the languages a table offers (``lang=`` for more than one)
    autoplay_delay: float = 0.8  # seconds between Autoplay's steps, for tables that have one
    felt_width = 700  # px: the cloth keeps this width (or the screen's, if narrower) whatever the hands hold
    #: How this game's variants read in the Settings panel, by option name (None hides one);
    #: an option not listed gets a menu generated from its choices and doc.
    setting_words: ClassVar[dict[str, Setting | None]] = {}
    #: words of the shared controls a game may reword (still through the catalog)
    show_all_words = N_("Teacher: show all hands")
    hint_tooltip = N_("What should I play, and why?")

    def t(self, message: str, **fields: Any) -> str:
        """``message`` in the table's language, its ``{fields}`` filled (the catalog: engine/locale)."""
        return say(self.lang, message, **fields)

    def t_count(self, n: int, one: str, many: str, **fields: Any) -> str:
        """The sentence agreeing with ``n`` (``one`` for ±1, else ``many``), translated, ``{n}`` filled."""
        return self.t(words.agreeing(n, one, many), n=n, **fields)

    def said(self, text: object) -> str:
        """A refusal (an error, or its words) in the table's language, if the catalog knows it."""
        return said(text, self.lang)

    def __init__(self, players: int | None = None, seed: int | str | None = None, level: str = "medium",
                 bot_delay: float = 0.8, show_all: bool = False, **options: Any) -> None:
        t = self.t
        cls = engine.game_class(self.game_id)
        self.rules_class = cls
        self.options = dict(options)
        self._start_options = dict(options)  # what a code without settings deals
        self.bot_delay = bot_delay
        self._generation = 0  # bumped whenever the driver of turns stops: a pending step then never runs
        self._starting = False
        self._driver: asyncio.Task | None = None  # the one task playing turns in time (held: not collected)
        self._last_hint: Hint | None = None
        self._hint_at: tuple[Hint, int] | None = None  # the hint shown, and how many moves the game had then
        self._log_events: list[dict[str, Any]] = []
        players = cls.default_players if players is None else players

        self.style_html = w.HTML(TABLE_CSS)
        self.players_box = w.Dropdown(options=list(range(cls.min_players, cls.max_players + 1)),
                                      value=players, description=t("Players"), layout=w.Layout(width="150px"))
        self.level_box = w.Dropdown(options=[(t(LEVEL_WORDS.get(v, v)), v) for v in LEVELS], value=level,
                                    description=t("Bots"),
                                    layout=w.Layout(width="170px"))
        self.code_box = w.Text(description=t("Deal code"), layout=w.Layout(width="220px"), continuous_update=False,
                               tooltip=t("Share this code: the same code deals the same cards"))
        self.deal_button = w.Button(description=t("Play this deal"), layout=w.Layout(width="auto"),
                                    tooltip=t("Deal the cards of the code on the left"))
        self.copy_link = CopyLink(self._page_address)  # the page's address with ?deal=…&level=…: to share
        self.copy_link.words = {
            "button": t("Copy link"), "copied": t("Copied"),
            "tooltip": t("Copy a link that opens this deal, with these bots and settings"),
            "by_hand": t("Copy this link:"), "field": t("Link to this deal")}
        self.link_notice = w.HTML(layout=w.Layout(display="none"))  # why a page's deal link was refused
        self.link_notice.add_class("parlour-link-notice")
        self._build_resume_panel(autosaved=seed is None)
        self.new_button = w.Button(description=t("New deal"), icon="refresh", button_style="primary",
                                   tooltip=t("Shuffle and deal a new game"), layout=w.Layout(width="auto"))
        self.teacher_tools = teacher_tools_enabled()
        self.show_all_box = w.Checkbox(value=show_all and self.teacher_tools, description=t(self.show_all_words),
                                       indent=False, layout=w.Layout(width="auto"))
        if not self.teacher_tools:  # a classroom server: nobody may look at the others' cards
            self.show_all_box.disabled = True
            self.show_all_box.layout.display = "none"
        self._build_settings()
        self.hint_button = w.Button(description=t("Hint"), icon="lightbulb-o", tooltip=t(self.hint_tooltip))
        self.undo_button = w.Button(description=t("Undo"), icon="undo", tooltip=t("Take back your last move"))
        self.status = w.HTML()
        self.status.add_class("parlour-status")
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("parlour-panel")
        self.hint_panel = w.HTML(layout=w.Layout(display="none"))  # no room taken on the cloth until a hint
        self.hint_panel.observe(self._hint_shown, "value")
        self.hint_button.add_class("parlour-hint-button")  # the hint panel opens under it
        self.why_panel = w.HTML()
        self.why_panel.add_class("parlour-why")
        self.log_rows = [self._make_log_row(i) for i in range(LOG_ROWS)]
        self.log_history = LogHistory()  # every line before the last LOG_ROWS, so the whole game can be read
        self.log_history.add_class("parlour-log-old")
        self._explained: int | None = None  # the log line the Why? panel explains
        self._build_end_panel()
        self.hand = CardRow(label=t("Your hand"), overlap=False, card_width=78)
        self.hand.card_name = self.card_name
        self.hand.on_play(self._on_card_clicked)
        self.hand.on_refused(self._on_card_refused)

        self.new_button.on_click(lambda _: self.new_deal())
        self.deal_button.on_click(lambda _: self.deal_from_code(self.code_box.value))
        self.code_box.observe(self._code_typed, "value")  # Enter or leaving the box
        self.hint_button.on_click(lambda _: self.show_hint())
        self.undo_button.on_click(lambda _: self.undo())
        self.show_all_box.observe(self._show_all_changed, "value")
        self.level_box.observe(lambda _: self._make_bots(), "value")
        self.level_box.observe(lambda _: self._update_copy_link(), "value")
        self.level_box.observe(lambda _: self._autosave(), "value")  # the save carries the bots' level
        if not cls.has_choices:  # nobody chooses anything: a bot's strength means nothing
            self.level_box.layout.display = "none"
        self.players_box.observe(self._players_changed, "value")

        toolbar = w.HBox([self.players_box, self.level_box, self.code_box, self.copy_link, self.deal_button,
                          self.new_button, self.settings_button])
        toolbar.add_class("parlour-toolbar")
        children = self.felt_children()
        at = next((i + 1 for i, child in enumerate(children) if child is self.status), 0)
        children.insert(at, self.end_panel)  # the end of the game, under the status line
        at = next((i + 1 for i, child in enumerate(children) if _holds(child, self.hint_button)), len(children))
        children.insert(at, self.hint_panel)  # the hint opens under its button, where the learner is looking
        children.append(self.review)  # the review of the deal, under the cloth's controls (the hand stays in sight)
        self.felt = w.VBox(children)
        self.felt.add_class("parlour-table")
        self.felt.layout.align_self = "flex-start"  # the cloth keeps its size when the side grows
        self.felt.layout.width = f"{self.felt_width}px"  # ... and when hands empty; max-width 100% on a phone
        for child in children:
            if isinstance(child, w.HBox) and any(isinstance(c, w.Button) for c in child.children):
                child.add_class("parlour-buttons")
        scroll = w.VBox([w.VBox([self.log_history, *self.log_rows])])  # column-reverse: opens at the newest line
        scroll.add_class("parlour-log-scroll")
        log_box = w.VBox([w.HTML(f"<b>{esc(t('Log'))}</b>"), scroll, self.why_panel])
        log_box.add_class("parlour-panel")
        side = w.VBox([self.scoreboard, log_box, self.autosave_note])
        side.add_class("parlour-side")
        main = w.HBox([self.felt, side])
        main.add_class("parlour-main")
        # "connection lost: reload" when the kernel goes away, in the table's language
        self.connection_watch = ConnectionWatch(message=t(LOST_MESSAGE), reload_label=t(RELOAD))
        head = w.VBox([self.style_html, self.link_notice, self.connection_watch,  # [1] stays the toolbar
                       *([self.autosave] if self.autosave else []), self.save_notice, self.resume_panel])
        super().__init__([head, toolbar, self.settings_panel, main, self.show_all_box])
        self.add_class("parlour")
        self.start(players, random_seed() if seed is None else seed)
        self._plays_links = seed is None  # a play table: the page's deal link is for it (not a set practice deal)
        if self._plays_links:
            self._follow_page_link()

    # ---- what a game table provides ----
    def felt_children(self) -> list[w.Widget]:
        """The widgets on the green cloth: opponents, the middle, your hand and buttons."""
        raise NotImplementedError

    def draw(self, view: dict[str, Any]) -> None:
        """Repaint the game's own parts from the learner's view."""
        raise NotImplementedError

    def hand_tooltip(self, action: str) -> str:
        return self.game.why_illegal(action, self.human) or ""

    def card_action(self, card: str) -> str:
        return f"play {card}"

    def playable_tip(self, view: dict[str, Any], card: str) -> str:
        """The tooltip of a card you may play now."""
        return self.t("Play {card}", card=engine.parse_card(card).symbol)

    def draw_hand(self, view: dict[str, Any], cards: list[str]) -> None:
        """Your hand: the cards you may play lit, the others dimmed with the rule that forbids them."""
        my_turn = view["current_player"] == self.human
        legal = set(view["legal"])
        hinted = self._last_hint.action if self._last_hint else None
        playable, tips = [], []
        for c in cards:
            action = self.card_action(c)
            ok = my_turn and action in legal
            playable.append(ok)
            if ok:
                tips.append(self.playable_tip(view, c))
            elif not my_turn:
                tips.append(self.t("Wait for your turn."))
            else:
                tips.append(self.hand_tooltip(action))
        self.hand.show(cards, playable=playable, tooltips=tips,
                       selected=[hinted == self.card_action(c) for c in cards])

    # ---- dealing ----
    @property
    def names(self) -> list[str]:
        return self.seat_names(self.players)

    def seat_names(self, players: int) -> list[str]:
        """The names the rules call the seats by: you first, in the table's language ("Você")."""
        return [self.t(YOU), *BOT_NAMES[: players - 1]]

    def start(self, players: int, seed: int | str) -> None:
        """Deal a new game; if the rules refuse the set-up (a ParlourError), the table keeps its old deal."""
        names = self.seat_names(players)
        game = engine.new_game(self.game_id, players=players, seed=seed, names=names, **self.options)
        self.halt_driver()  # a step pending in the old deal never plays into the new one
        self.players = players
        self.game = game
        self.seed = self.game.seed
        self.code = self.code_for(players, self.seed, self.options)
        self._update_copy_link()
        self._starting = True
        self.players_box.value = players
        self.code_box.value = self.code
        self.code_box.layout.width = code_box_width(self.code)
        self._show_settings()
        self._starting = False
        self._make_bots()
        self._last_hint = None
        self.hint_panel.value = ""
        self._explain(None)
        self.refresh()
        self._after_move()

    def code_for(self, players: int, seed: int, options: dict[str, Any]) -> str:
        """The deal code of a game: players, the six letters of its seed, and its settings after a slash."""
        code = f"{players}-{deal_code(seed)}" if seed < 32 ** 6 else f"{players}-{seed}"
        if suffix := encode(self.settings, options, self.rules_class):
            code += f"/{suffix}"
        return code

    def _hint_shown(self, change: Any) -> None:
        self.hint_panel.layout.display = "" if change["new"] else "none"

    def _code_typed(self, change: Any) -> None:
        if not self._starting and change["new"].strip() and change["new"] != self.code:
            self.deal_from_code(change["new"])

    def _show_all_changed(self, change: Any) -> None:
        if change["new"] and not self.teacher_tools:
            self.show_all_box.value = False  # switched off for this server, even from a script
            return
        self.refresh()

    def _players_changed(self, _change: Any) -> None:
        if not self._starting:
            self.new_deal()

    def new_deal(self) -> None:
        self.start(self.players_box.value, random_seed())

    def deal_from_code(self, code: str) -> bool:
        """Deal the cards of a code; a code that is not one is refused, and the box shows this deal's code again."""
        try:
            self._deal_code(code)
        except ParlourError as exc:
            self.refuse_code(self.said(exc))
            return False
        return True

    def _deal_code(self, code: str) -> None:
        """Deal a code's cards, players and settings; a ParlourError (the table unchanged) if it is not one."""
        before = self.options
        try:
            read = read_table_code(code, self.players_box.value)
            cls = self.rules_class
            if not cls.min_players <= read.players <= cls.max_players:
                if cls.min_players == cls.max_players:
                    raise DealCodeError(Sentence(words.agreeing(cls.min_players,
                                                                N_("{game} is for exactly {low} player, not {n}."),
                                                                N_("{game} is for exactly {low} players, not {n}.")),
                                                 game=cls.name, low=cls.min_players, n=read.players))
                raise DealCodeError(Sentence(N_("{game} is for {low} to {high} players, not {n}."), game=cls.name,
                                             low=cls.min_players, high=cls.max_players, n=read.players))
            chosen = {} if read.settings is None else decode(self.settings, read.settings)
            self.options = {**self._start_options, **chosen}
            self.start(read.players, read.seed)
        except ParlourError:
            self.options = before
            raise

    # ---- deal links: ?deal=…&level=… in the page's address (widgets/deal_link.py) ----
    def _update_copy_link(self) -> None:
        self.copy_link.query = link_query(self.code, self.level_box.value, self.game_id)

    def _follow_page_link(self) -> None:
        """The first play table of a page deals what the page's address asks for."""
        query = take_page_link(self.game_id)
        if query is not None:
            self.follow_link(query)

    def _page_address(self, search: str) -> None:
        """The browser's report of the page's query string, for a kernel that never saw the request."""
        if self._plays_links and preheated() and (query := take_link(self.game_id, search)) is not None:
            self.follow_link(query)

    def follow_link(self, query: str) -> bool:
        """Deal a link's code with its bot level; a bad value is said above the table, which keeps its deal."""
        self.link_notice.value = ""
        self.link_notice.layout.display = "none"
        try:
            link: DealLink = read_deal_link(query)
            if link.game is not None and link.game != self.game_id:
                raise DealLinkError(Sentence(N_("This link is for another game ({other}), not {game}."),
                                             other=link.game, game=self.rules_class.name))
            if link.level is not None:
                self.level_box.value = link.level
            if link.moves is not None:  # a review link: the deal, its moves replayed, the review open
                self.review.follow_link(link.deal, link.moves)
            elif link.deal is not None:
                self._deal_code(link.deal)
        except ParlourError as exc:
            self.link_notice.value = ("<div role='alert'>⚠ " + esc(self.t(
                "This page's link was not followed: {why} The table deals as the lesson set it up (deal {code}).",
                why=self.said(exc), code=self.code)) + "</div>")
            self.link_notice.layout.display = ""
            return False
        return True

    # ---- autosave: the game kept in this browser, offered back after a reload (widgets/autosave.py) ----
    def _build_resume_panel(self, autosaved: bool) -> None:
        """A play table keeps its game in the browser; a set practice deal (built with a seed) does not."""
        self.autosave = AutoSave(next_slot(self.game_id), self._browser_kept) if autosaved else None
        self._offer: tuple[TableSave, engine.Game] | None = None  # a saved game offered back, not yet answered
        self.resume_html = w.HTML()
        t = self.t
        self.resume_button = w.Button(description=t("Resume your game"), icon="play", button_style="success",
                                      layout=w.Layout(width="auto"), tooltip=t("Go on from where you were"))
        self.fresh_button = w.Button(description=t("Start a new deal"), layout=w.Layout(width="auto"),
                                     tooltip=t("Play the deal on the table; the saved game is dropped"))
        self.resume_button.on_click(lambda _: self.resume())
        self.fresh_button.on_click(lambda _: self.decline_resume())
        buttons = w.HBox([self.resume_button, self.fresh_button])
        buttons.add_class("parlour-buttons")
        self.resume_panel = w.VBox([self.resume_html, buttons])
        self.resume_panel.add_class("parlour-resume")
        self.resume_panel.layout.display = "none"
        self.save_notice = w.HTML(layout=w.Layout(display="none"))  # why a kept game could not be resumed
        self.save_notice.add_class("parlour-save-notice")
        self.autosave_note = w.HTML("<span class='parlour-setting-help'>" + esc(t(
            "Your game is kept in this browser: if the page reloads or the server restarts, you can resume it."))
            + "</span>",
                                    layout=w.Layout(display="none"))  # shown once the browser says it can
        self.autosave_note.add_class("parlour-autosave-note")

    def _autosave(self) -> None:
        """Keep the game in the browser once you have moved in it; a finished or untouched one is not kept."""
        if self.autosave is None or not self.autosave.ready or self._offer is not None or not hasattr(self, "game"):
            return  # no autosave here, or a saved game is still on offer: nothing overwrites it unasked
        if self.game.is_over or not any(seat == self.human for seat, _ in self.game.history):
            self.autosave.forget()
            return
        self.autosave.keep(TableSave(self.game_id, self.level_box.value, self.game.to_json()).to_text())

    def _browser_kept(self, text: str | None) -> None:
        """The browser's report of the save it holds for this table: offer it back, or drop it."""
        if self.autosave is not None and self.autosave.ready:
            self.autosave_note.layout.display = ""
        if text is None:
            self._autosave()
            return
        try:
            saved = read_table_save(text)
            game = self.saved_game(saved)
        except SaveError as exc:
            self._drop_save(self.dropped_save_words(self.said(exc)))
            return
        if game.is_over:
            self._drop_save(None)
            return
        self._offer = (saved, game)
        self.resume_html.value = f"<div role='status'>{esc(self.resume_words(game))}</div>"
        self.resume_panel.layout.display = ""

    def dropped_save_words(self, reason: str) -> str:
        """Why the game kept in this browser was not offered back (``reason``: the SaveError's words)."""
        return self.t("The game kept in this browser could not be resumed: {why} It was dropped.", why=reason)

    def _drop_save(self, why: str | None) -> None:
        if why:
            self.save_notice.value = f"<div role='alert'>⚠ {esc(why)}</div>"
            self.save_notice.layout.display = ""
        assert self.autosave is not None
        self.autosave.forget()
        self._autosave()

    def saved_game(self, saved: TableSave) -> engine.Game:
        """The game a save holds, replayed through the rules; a SaveError if this table cannot play it."""
        name = self.rules_class.name
        if saved.game_id != self.game_id:
            raise SaveError(Sentence(N_("it is not a game of {game}."), game=name))
        game = engine.load_game(saved.game_json)
        if game.id != self.game_id:
            raise SaveError(Sentence(N_("it is not a game of {game}."), game=name))
        if game.deck is not None or list(game.names) != self.seat_names(game.players):
            raise SaveError(Sentence(N_("it was not played at this lesson's {game} table."), game=name))
        return game

    def resume_words(self, game: engine.Game) -> str:
        """What the offer says: the deal, how far it went, whose turn (never a card)."""
        view = game.view(self.human)
        parts = [self.t("deal {code}", code=self.code_for(game.players, game.seed, game.options))]
        if progress := self.progress_words(view):
            parts.append(progress)
        parts.append(self.t_count(len(game.history), N_("{n} move made"), N_("{n} moves made")))
        seat = game.current_player
        names = self.seat_names(game.players)
        if self.rules_class.has_scores and game.players > 1:
            parts.append(self.t("scores {scores}", scores=" · ".join(f"{n} {p}" for n, p in zip(names, game.scores))))
        parts.append(self.t("your turn") if seat == self.human
                     else self.t("{who} to play", who=names[seat]) if seat is not None else "")
        return self.t("Your last game here is not finished ({parts}). Resume it?",
                      parts=", ".join(p for p in parts if p))

    def progress_words(self, view: dict[str, Any]) -> str:
        """How far a match has gone ("round 3 of 13"), from the view's progress; "" for a game of one deal."""
        progress = view["progress"]
        k, n = progress["deal"], progress["deals"]
        if n == 1:
            return ""
        if self.rules_class.deal_word == "round":
            return self.t("round {k} of {n}", k=k, n=n) if n else self.t("round {k}", k=k)
        return self.t("deal {k} of {n}", k=k, n=n) if n else self.t("deal {k}", k=k)

    def resume(self) -> bool:
        """Put the offered game back on the table: the same cards, moves, scores, log and turn; Undo works."""
        if self._offer is None:
            return False
        saved, game = self._offer
        self.resume_panel.layout.display = "none"
        before = self.options
        try:
            self.options = dict(game.options)
            self.level_box.value = saved.level
            self.start(game.players, game.seed)  # the same deal, its seeded bots, the toolbar's code
        except ParlourError as exc:  # the lesson's table cannot deal these settings
            self.options = before
            self._offer = None
            self._drop_save(self.t("The game kept in this browser could not be resumed: {why}",
                                   why=self.said(exc)))
            return False
        self._offer = None
        self.halt_driver()  # a bot about to move in the fresh deal must not move in the resumed one
        self.game = engine.load_game(saved.game_json)  # a copy no one has touched
        self._last_hint = None
        self.hint_panel.value = ""
        self._explain(None)
        self.refresh()
        self.say(esc(self.t("Your game is back where you left it.")) + " "
                 + self.status.value.split(">", 1)[-1].rsplit("<", 1)[0])
        self._after_move()
        return True

    def decline_resume(self) -> None:
        """Play the deal on the table; from now on it is the game this browser keeps."""
        self._offer = None
        self.resume_panel.layout.display = "none"
        self._autosave()

    # ---- settings: the game's variants, as menus ----
    def _build_settings(self) -> None:
        t = self.t  # each menu worded in the table's language
        self.settings = [Setting(s.option, t(s.label), tuple((t(label), v) for label, v in s.choices), t(s.help))
                         for s in settings_for(self.rules_class, self.setting_words)]
        self.setting_boxes: dict[str, w.Dropdown] = {}
        rows = []
        for s in self.settings:
            box = w.Dropdown(options=list(s.choices), description=s.label, tooltip=s.help,
                             style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            self.setting_boxes[s.option] = box
            help_html = w.HTML(f"<span class='parlour-setting-help'>{esc(s.help)}</span>")
            row = w.HBox([box, help_html])
            row.add_class("parlour-setting")
            rows.append(row)
        self.apply_settings_button = w.Button(description=self.t("Deal again with these settings"), icon="check",
                                              button_style="primary", layout=w.Layout(width="auto"),
                                              tooltip=self.t("The same cards (the same code), with the settings above"))
        self.apply_settings_button.on_click(lambda _: self.apply_settings())
        note = w.HTML("<span class='parlour-setting-help'>" + esc(self.t(
            "Changing a setting deals this game again, with the same code; the code then carries the settings, "
            "so a class that types it plays the same game.")) + "</span>")
        self.settings_panel = w.VBox([*rows, w.HBox([self.apply_settings_button, note])])
        self.settings_panel.add_class("parlour-panel")
        self.settings_panel.add_class("parlour-settings")
        self.settings_panel.layout.display = "none"
        self.settings_button = w.ToggleButton(description=self.t("Settings"), icon="sliders", value=False,
                                              tooltip=self.t("The game's variants: choose, then deal again"),
                                              layout=w.Layout(width="auto"))
        self.settings_button.observe(self._settings_toggled, "value")
        if not self.settings:
            self.settings_button.layout.display = "none"

    # ---- the end of the game ----
    def _build_end_panel(self) -> None:
        self.end_html = w.HTML()
        self.again_button = w.Button(description=self.t("Play again with the same deal"), icon="repeat",
                                     button_style="success", layout=w.Layout(width="auto"),
                                     tooltip=self.t("The same cards, dealt again: try another way"))
        self.again_button.on_click(lambda _: self.play_again())
        self.end_new_button = w.Button(description=self.t("New deal"), icon="refresh", layout=w.Layout(width="auto"),
                                       tooltip=self.t("Shuffle and deal a new game"))
        self.end_new_button.on_click(lambda _: self.new_deal())
        self.review = ReviewPanel(self)  # "Review this deal" (widgets/review_panel.py)
        buttons = w.HBox([self.again_button, self.end_new_button, self.review.button])
        buttons.add_class("parlour-buttons")
        self.end_panel = w.VBox([self.end_html, buttons])
        self.end_panel.add_class("parlour-end")
        self.end_panel.layout.display = "none"

    def play_again(self) -> None:
        """Deal the same cards again, with the same settings (and the same seeded bots)."""
        self.start(self.players, self.seed)

    def end_summary(self, view: dict[str, Any]) -> str:
        """The final standings (for a game with scores), under the status line that says who won and how."""
        if not self.rules_class.has_scores or self.players < 2:
            return f"<b>{esc(self.t('Game over.'))}</b>"
        return self.standings(view["scores"], view["progress"]["lowest_wins"])

    def standings(self, scores: list[int], lowest_wins: bool = False, shown: Callable[[int], str] = str) -> str:
        """"Game over." and the final standings, the winner first; tied players share a place."""
        order = sorted(range(self.players), key=lambda s: scores[s] if lowest_wins else -scores[s])
        beats = (lambda a, b: a < b) if lowest_wins else (lambda a, b: a > b)
        table = "".join(f"<tr><td>{self.ordinal(1 + sum(beats(scores[o], scores[s]) for o in order))}</td>"
                        f"<td>{esc(self.names[s])}</td><td>{esc(shown(scores[s]))}</td></tr>" for s in order)
        return (f"<b>{esc(self.t('Game over.'))}</b> {esc(self.t('Final standings:'))}"
                f"<table data-testid='standings'>{table}</table>")

    def ordinal(self, n: int) -> str:
        """A place in the standings: "1st" in English, "1º" in Portuguese."""
        return words.ordinal(n) if self.lang == "en" else self.t("{n}th", n=n)

    # ---- history: one row per deal ----
    #: A word after a deal's label for how it ended, by the game's name for it (Rummy: "rummy" -> " ★ rummy").
    result_marks: dict[str, str] = {}

    def deal_results(self) -> list[tuple[str, list[int]]]:
        """(label, points per seat) for each finished deal of a match, from ``game.deal_results()``;
        none for a game of one deal (its scores say it all)."""
        if self.game.progress()["deals"] == 1:
            return []
        rounds = self.rules_class.deal_word == "round"
        return [((self.t("Round {k}", k=r["deal"]) if rounds else self.t("Deal {k}", k=r["deal"]))
                 + self.result_marks.get(r["how"] or "", ""), list(r["points"])) for r in self.game.deal_results()]

    def history_html(self) -> str:
        results = self.deal_results()
        if not results:
            return ""
        head = "".join(f"<th>{esc(n)}</th>" for n in self.names)
        rows = "".join(f"<tr><td>{esc(label)}</td>{''.join(f'<td>{p:+d}</td>' for p in points)}</tr>"
                       for label, points in results)
        played = self.t_count(len(results), N_("{n} deal played"), N_("{n} deals played"))
        return (f"<div class='parlour-history' data-testid='history'><b>{esc(played)}</b>"
                f"<table><tr><th></th>{head}</tr>{rows}</table></div>")

    def _settings_toggled(self, change: Any) -> None:
        self.settings_panel.layout.display = "" if change["new"] else "none"

    def _show_settings(self) -> None:
        """Set each menu to what the table plays now."""
        current = {**self.rules_class.option_defaults(), **self.options}
        for s in self.settings:
            if s.index(current[s.option]) is not None:
                self.setting_boxes[s.option].value = current[s.option]

    def apply_settings(self, **chosen: Any) -> bool:
        """Deal this game again (same code) with the menus' settings, or with ``chosen`` ones from Python."""
        for option, value in chosen.items():
            self.setting_boxes[option].value = value
        picked = {s.option: self.setting_boxes[s.option].value for s in self.settings}
        before = self.options
        self.options = {**self.options, **picked}
        try:
            self.start(self.players, self.seed)
        except ParlourError as exc:
            self.options = before
            self._show_settings()
            self.say(f"⚠ {esc(self.said(exc))}")
            return False
        self.settings_button.value = False
        self.say(self.t("Dealt again with your settings: the code is now <b>{code}</b>.", code=esc(self.code)) + " "
                 + self.status.value.split(">", 1)[-1].rsplit("<", 1)[0])
        return True

    def refuse_code(self, message: str | Sentence) -> None:
        """Say why a code was refused and put this deal's code back, so the box matches the table."""
        self._starting = True
        try:
            self.code_box.value = self.code
        finally:
            self._starting = False
        self.say(f"⚠ {esc(self.said(message))} "
                 + esc(self.t("The table still shows deal {code}.", code=self.code)))

    def _make_bots(self) -> None:
        self.bots = {s: Bot(self.game_id, self.level_box.value, seed=self.seed * 31 + s)
                     for s in range(self.players) if s != self.human}

    # ---- moves ----
    def _on_card_clicked(self, index: int, card: str | None) -> None:
        if card is not None:
            self.act(self.card_action(card))

    def _on_card_refused(self, index: int, card: str | None, tooltip: str) -> None:
        self.say(f"⚠ {esc(tooltip or self.t('You cannot play that card now.'))}")

    def act(self, action: str) -> bool:
        """The learner's move; a refused move explains itself and changes nothing."""
        if self.game.current_player != self.human:
            self.say(esc("⚠ " + self.t("Wait for your turn.") if not self.game.is_over
                         else self.t("The game is over: press New deal.")))
            return False
        try:
            self.game.apply(action, self.human)
        except ParlourError as exc:
            self.say(f"⚠ {esc(self.said(exc))}")
            return False
        self._last_hint = None
        self.hint_panel.value = ""
        self.refresh()
        self._after_move()
        return True

    def undo(self) -> None:
        try:
            self.game.undo_to_seat(self.human)
        except ParlourError as exc:  # nothing to take back: the game (and whoever is to play) goes on
            self.say(f"⚠ {esc(self.said(exc))}")
            return
        self._last_hint = None
        self.hint_panel.value = ""
        self._explain(None)  # the line it explained may be gone
        self.refresh()
        self.say(esc(self.t("Your last move was taken back. Your turn again.")))
        self._after_move()

    # ---- the one driver of turns ----
    # Every automatic move (a bot's, or Autoplay's) is made here and nowhere else: one task at a
    # time, restarted after each change of the game, so two loops never play into each other.
    max_driver_steps = 100_000  # far more than any game lasts: a driver that runs past it is a bug

    def _after_move(self) -> None:
        """After any change of the game (a deal, your move, an undo): the driver plays what is automatic."""
        self._pending = None  # a bot move chosen before the change no longer applies
        self.drive()

    def drive(self) -> None:
        """(Re)start the driver: any pending step is dropped, then the automatic moves are played in time.

        Without a running event loop (tests, scripts) or without a pause, they are played at once and
        the table is painted once at the end, so a page is never flooded with a repaint per move.
        """
        self.halt_driver()
        if self.step_delay() <= 0 or not _loop_running():
            self.play_automatic()
            return
        if self._bot_to_move():
            self._driver = asyncio.get_event_loop().create_task(self._drive_in_time(self._generation))
        else:
            self.driver_stopped()

    @property
    def driving(self) -> bool:
        """Whether the driver is playing turns in time now (a bot's or Autoplay's pause is running)."""
        return self._driver is not None and not self._driver.done()

    def halt_driver(self) -> None:
        """Stop the driver: the step it was pausing for never happens."""
        self._generation += 1
        task, self._driver = self._driver, None
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()

    def play_automatic(self) -> int:
        """Play every automatic move now and paint once; the number of moves made."""
        steps = 0
        while self._bot_to_move():
            if steps >= self.max_driver_steps:
                raise RuntimeError(f"the driver made {steps} moves and the game is not over")
            self._bot_step()
            steps += 1
        if steps:
            self.refresh()
        self.driver_stopped()
        return steps

    async def _drive_in_time(self, generation: int) -> None:
        try:
            while generation == self._generation and self._bot_to_move():
                await asyncio.sleep(self.step_delay())
                if generation != self._generation or not self._bot_to_move():
                    break  # another control took over, or the turn is no longer automatic
                self._bot_step()
                self.refresh()
            if generation == self._generation:
                self._driver = None
                self.driver_stopped()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a step that fails must not leave a table that looks as if it thinks
            self._driver = None
            self.say("⚠ " + esc(self.t("The table stopped: {why} Press Undo or New deal.", why=self.said(exc))))
            raise

    def step_delay(self) -> float:
        """Seconds the driver pauses before each automatic move."""
        return self.bot_delay

    def driver_stopped(self) -> None:
        """The driver has nothing more to play: your turn, or the game is over."""

    # Who moves next, and when automatic play stops, is the engine's (engine.play); the table keeps the
    # timing: the bot move chosen next waits in ``_pending`` while the pause before it runs.
    _pending: engine.Turn | None = None

    def paced(self, turn: engine.Turn) -> bool:
        """Whether the driver pauses before this bot move (a move nobody sees may be made at once)."""
        return True

    def bots_hold(self) -> bool:
        """Whether the bots wait now although they could move (Kalooki: for your call)."""
        return False

    def _bot_to_move(self) -> bool:
        """Whether the driver has a move to make now (the bots' moves nobody sees are made on the way)."""
        if self._pending is None:
            self._pending = engine.play(self.game, self.bots, stop=lambda _game, _events: self.bots_hold(),
                                        pause_before=self.paced).pending
        return self._pending is not None

    def _bot_step(self) -> None:
        """One automatic move (the driver paints afterwards)."""
        if self._bot_to_move():
            assert self._pending is not None
            seat, action = self._pending
            self._pending = None
            self.game.apply(action, seat)

    def run_bots(self) -> None:
        """Play every pending bot move now (tests and scripted lessons)."""
        self.halt_driver()
        self.play_automatic()

    # ---- hint ----
    def show_hint(self) -> Hint | None:
        if self.game.is_over:
            self.say("⚠ " + esc(self.t("The game is over: there is nothing to hint.")))
            return None
        try:
            hint = engine.hint(self.game, self.human)
        except ParlourError as exc:
            self.say(f"⚠ {esc(self.said(exc))}")
            return None
        self._last_hint = hint
        heading = self.hint_score_heading
        rows = "".join(
            f"<tr><td>{'▶ ' if a.action == hint.action else ''}{esc(self.action_label(a.action))}</td>"
            + (f"<td>{self.hint_score_format.format(a.score)}</td>" if heading else "")
            + f"<td>{esc(a.note)}</td></tr>" for a in hint.alternatives[:6])
        score_th = f"<th>{esc(self.t(heading))}</th>" if heading else ""
        more = len(hint.alternatives) - 6
        note = (f"<small>{esc(self.t_count(more, self.hint_more_one, self.hint_more_many))}</small> "
                if more > 0 else "") \
            + (f"<small>{esc(self.t(self.hint_score_note))}</small>" if heading and self.hint_score_note else "")
        self.hint_panel.value = (
            f"<div class='parlour-panel parlour-hint' data-testid='hint'><b>"
            f"{esc(self.t('Hint: {move}', move=self.action_label(hint.action)))}</b>"
            f"<p>{esc(hint.reason)}</p><table><tr><th>{esc(self.t('Move'))}</th>{score_th}"
            f"<th>{esc(self.t('Why'))}</th></tr>{rows}</table>{note}</div>")
        self.refresh()
        return hint

    #: The hint table's estimate column: its heading (None hides it), how a number is shown, what it means.
    hint_score_heading: str | None = N_("Points*")
    hint_score_format = "{:+.1f}"
    hint_score_note = N_("* points expected from the move, as far as your cards let me tell.")
    #: the line under the hint's six best moves, when there are more
    hint_more_one = N_("… and {n} more move, estimated no higher.")
    hint_more_many = N_("… and {n} more moves, each estimated no higher.")

    def action_label(self, action: str) -> str:
        verb, _, arg = action.partition(" ")
        if verb == "play" and arg:
            return self.t("play {card}", card=engine.parse_card(arg).symbol)
        return action

    # ---- painting ----
    def say(self, text_html: str) -> None:
        """The status line; screen readers announce it (turns, refusals, the result)."""
        self.status.value = f"<div role='status' aria-live='polite'>{text_html}</div>"

    def refresh(self) -> None:
        self._drop_stale_hint()
        view = self.game.view(self.human)
        self.draw(view)
        self._draw_log()  # first: the per-deal history below the scores reads the log's events
        self._draw_scoreboard(view)
        self.undo_button.disabled = self.game.is_over or not any(seat == self.human for seat, _ in self.game.history)
        self.hint_button.disabled = not view["legal"]
        over = self.game.is_over
        self.end_panel.layout.display = "" if over else "none"
        self.end_html.value = self.end_summary(view) if over else ""
        self._draw_status(view)
        self._autosave()
        self.review.sync()  # your new decisions are evaluated in the background

    def _drop_stale_hint(self) -> None:
        """A hint answers one position: once anyone moves (a bot's call, your No call), it is cleared."""
        moves, hint = len(self.game.history), self._last_hint
        if hint is None or self._hint_at is None or self._hint_at[0] is not hint:
            self._hint_at = None if hint is None else (hint, moves)  # a new hint: remember its position
        elif self._hint_at[1] != moves:
            self._last_hint, self._hint_at = None, None
            self.hint_panel.value = ""

    def _draw_status(self, view: dict[str, Any]) -> None:
        if self.game.is_over:
            end = self._log_events[-1]["text"] if self._log_events else self.t("The game is over.")
            self.say(f"{esc(end)} " + self.t("Press <b>New deal</b> to play again."))
        elif view["current_player"] == self.human:
            self.say(f"<b>{esc(self.t('Your turn.'))}</b> " + esc(self.turn_prompt(view)))
        else:
            self.say(esc(self.t("{who} is thinking…", who=self.names[view["current_player"]])))

    def speed_control(self, delay: float) -> w.Dropdown:
        """A Speed menu for Autoplay; it sets ``self.autoplay_delay`` (seconds between steps)."""
        base = delay if delay > 0 else 0.8
        t = self.t
        speeds = [(t("Slow"), round(base * 2, 3)), (t("Normal"), base), (t("Fast"), round(base / 3, 3)),
                  (t("Very fast"), round(base / 10, 3))]
        if delay <= 0:
            speeds.append((t("At once"), delay))
        box = w.Dropdown(options=speeds, value=delay, description=t("Speed"), layout=w.Layout(width="150px"),
                         tooltip=t("How long Autoplay pauses between steps"))
        box.style.description_width = "44px"

        def changed(change: Any) -> None:
            self.autoplay_delay = change["new"]
        box.observe(changed, "value")
        return box

    def turn_prompt(self, view: dict[str, Any]) -> str:
        return self.t("Click a card (or use ← → and Enter).")

    def _draw_scoreboard(self, view: dict[str, Any]) -> None:
        if not self.rules_class.has_scores:  # a game that only names a loser at the end: no column of zeros
            self.scoreboard.value = self.scoreboard_extra(view)
            return
        rows = "".join(
            f"<tr><td>{'▶ ' if view['current_player'] == s else ''}{esc(n)}</td><td>{view['scores'][s]}</td></tr>"
            for s, n in enumerate(self.names))
        self.scoreboard.value = (f"<b>{esc(self.t(self.scores_heading))}</b><table>{rows}</table>"
                                 f"{self.scoreboard_extra(view)}"
                                 f"{self.history_html()}")

    scores_heading = N_("Scores")

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        return ""

    def _make_log_row(self, i: int) -> w.HBox:
        text = w.HTML()
        width = "56px" if self.lang == "en" else "76px"  # "Por quê?" is longer
        why = w.Button(description=self.t("Why?"), layout=w.Layout(width=width, min_width=width, height="24px",
                                                                   visibility="hidden"),
                       tooltip=self.t("Which rule made this happen?"))
        row = w.HBox([why, text])
        row.add_class("parlour-log-row")
        why.on_click(lambda _b, i=i: self.explain_log_row(i))
        return row

    def _draw_log(self) -> None:
        self._log_events = self.game.events_for(self.human)
        if self._explained is not None and self._explained >= len(self._log_events):
            self._explain(None)
        older = self._log_events[:-LOG_ROWS]
        self.log_history.show([f"<div>{esc(e['text'])}</div>" for e in older])
        shown = self._log_events[-LOG_ROWS:]
        for i, row in enumerate(self.log_rows):
            why, text = row.children
            if i < len(shown):
                text.value = esc(shown[i]["text"])
                why.layout.visibility = "visible"
                row.layout.display = ""
            else:  # an empty row takes no room: the log holds only what happened
                text.value = ""
                why.layout.visibility = "hidden"
                row.layout.display = "none"

    def log_lines(self) -> list[str]:
        return [e["text"] for e in self._log_events]

    def explain_log_row(self, i: int) -> str:
        shown = self._log_events[-LOG_ROWS:]
        if i >= len(shown):
            return ""
        event = shown[i]
        text = self.game.rule_text(event["rule"])
        self._explain(len(self._log_events) - len(shown) + i)
        self.why_panel.value = (f"<b>{esc(self.t('Why?'))}</b> “{esc(event['text'])}” — "
                                f"{esc(self.t('rule:'))} {esc(text)}")
        return text

    def _explain(self, index: int | None) -> None:
        self._explained = index
        if index is None:
            self.why_panel.value = ""

    def seat_box_html(self, seat: int, view: dict[str, Any], body: str) -> str:
        active = " parlour-seat--active" if view["current_player"] == seat else ""
        return (f"<div class='parlour-seat{active}'><span class='parlour-seat-name'>{esc(self.names[seat])}</span>"
                f"<div>{body}</div></div>")

    def cards_html(self, cards: list[str | None], width: int = 38) -> str:
        return "".join(self.card_html(c, width) for c in cards)

    def card_html(self, card: str | None, width: int = 38) -> str:
        """One card's picture, its tooltip naming it in the table's language."""
        return card_img_html(card, width, name=self.card_name(card))

    def card_name(self, card: Any) -> str:
        """"Jack of clubs" / "Valete de paus"; a face-down card says so."""
        if card is None:
            return self.t(FACE_DOWN)
        c = engine.parse_card(card)
        if self.lang == "en" or c.suit not in FRENCH_SUITS:
            return c.name
        return self.t("{rank} of {suit}", rank=self.t(RANK_WORDS.get(c.rank, str(c.rank))),
                      suit=self.t(SUIT_NAMES[c.suit]))


def _loop_running() -> bool:
    try:
        return asyncio.get_event_loop().is_running()
    except RuntimeError:
        return False


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running loop
        return None
