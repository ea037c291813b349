"""The card table every game shares: seats, bots, log with "Why?", hint, undo, deal codes.

A game's table subclasses :class:`Table` and draws only what is its own (the count,
a trick, a bidding panel). Everything a person can do is a widget with a Python
handle, so tests click buttons in plain pytest and the browser tests prove the same
clicks in Chromium. The shared parts are modules of their own: the toolbar and its
settings (deal_toolbar.py), deal codes (deal_code.py), the save kept in the browser
(resume_panel.py), the log (table_log.py), the panels' HTML (table_html.py) and the
stylesheet (page_style.py, static/table.css).
"""

from __future__ import annotations

import os
from typing import Any, Callable, ClassVar

import ipywidgets as w

import engine
from engine.hints import Bot, Hint
from engine import words
from engine.i18n import N_, Sentence, said, say
from engine.numerals import formatted
from engine.protocol import ParlourError
from engine.review_link import replay_moves
from engine.shuffle import random_seed
from widgets.autosave import AutoSave
from widgets.card_surface import CardRow
from widgets.card_faces import card_faces
from widgets.card_svg import backs_html, card_img_html, card_name, face_html
from widgets.class_seat import ClassTablePanel, SeatGame
from widgets.connection import DISCONNECTED, LOST_MESSAGE, RELOAD, ConnectionWatch
from widgets.deal_code import (DealCodeError, TableCode, check_players, code_box_width, parse_table_code,
                               read_table_code, table_code)
from widgets.deal_toolbar import LEVEL_WORDS, DealToolbar
from widgets.focus_keeper import FocusKeeper
from widgets.page_style import TABLE_CSS, table_style
from widgets.resume_panel import ResumePanel
from widgets.review_panel import ReviewPanel
from widgets.session import BOT_NAMES, Forward, TableSession
from widgets.settings import Setting, decode, encode, example_code
from widgets.shared_look import set_layout, set_style, shared_layout
from widgets.table_html import (esc, help_html, history_html, hint_html, scores_html, seat_box_html, standings_html,
                                 status_html)
from widgets.table_log import LOG_ROWS, LogHistory, TableLog

#: names other modules and tests import from here
__all__ = ["BOT_NAMES", "DealCodeError", "LEVEL_WORDS", "LOG_ROWS", "LogHistory", "TABLE_CSS", "Table", "TableCode",
           "code_box_width", "parse_table_code", "read_table_code", "teacher_tools_enabled"]

YOU = N_("You")


def _holds(box: w.Widget, widget: w.Widget) -> bool:
    """``widget`` is ``box`` or inside it."""
    return box is widget or any(_holds(child, widget) for child in getattr(box, "children", ()))


#: the line a table shows when its server records the class's play
RECORDED_NOTE = N_("Your teacher sees the deals you finish here.")


def deal_recorder(game_id: str, lang: str) -> Any:
    """The table's :class:`widgets.records.recorder.DealRecorder` when its server records a class (it set
    ``PARLOUR_RECORDS_URL`` for its kernels), else None: no record on a plain ``./run app``, in JupyterLab or
    on the static site, which never loads the record store's modules."""
    if not os.environ.get("PARLOUR_RECORDS_URL"):
        return None
    from widgets.records.recorder import DealRecorder, kernel_sender, lesson_of

    sender = kernel_sender()
    return None if sender is None else DealRecorder(sender, lesson_of(game_id, lang))


def teacher_tools_enabled() -> bool:
    """False when a classroom server sets ``PARLOUR_TEACHER_TOOLS=off``: no "show all hands" switch."""
    return os.environ.get("PARLOUR_TEACHER_TOOLS", "on").strip().lower() not in ("off", "0", "false", "no")


class Table(w.VBox):
    """A game against bots for the learner in seat 0 ("You"): the widgets that paint a :class:`TableSession`
    (widgets/session.py: the game, the bots, the driver of turns, the hint, the save, the review's evaluation)
    and send it the learner's moves."""

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
    #: why Hint is off for now (a puzzle is asked on this table: the hint would give its answer away), or None
    hint_off: str | None = None

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
        self.lang = options.get("lang", "en")  # the game speaks it too: the option goes to the rules
        if self.lang not in self.languages:
            raise ValueError(f"{type(self).__name__} speaks {', '.join(self.languages)}, not {self.lang!r}")
        t = self.t
        cls = engine.game_class(self.game_id)
        self.rules_class = cls
        self.options = dict(options)
        self.start_options = dict(options)  # what a code without settings deals
        self.bot_delay = bot_delay
        self.session = TableSession(self.game_id, self.human, level, seat_names=self.seat_names, host=self)
        self._log_events: list[dict[str, Any]] = []
        players = cls.default_players if players is None else players

        self.style_html = table_style()  # one stylesheet per page, shared by its tables and pictures
        self.faces = card_faces()  # ... and one sheet of the face-up cards' pictures, each sent once (card_faces.py)
        self.focus_keeper = FocusKeeper()  # a repaint never leaves a keyboard learner's focus on the page's body
        self.focus_keeper.on_escape = self.close_panels  # ... and Escape closes the table's open panels
        self.toolbar = bar = DealToolbar(self, players, level)
        self.players_box, self.level_box, self.code_box, self.deal_button = \
            bar.players_box, bar.level_box, bar.code_box, bar.deal_button
        self.copy_link, self.link_notice, self.new_button = bar.copy_link, bar.link_notice, bar.new_button
        self.settings_panel = panel = bar.settings_panel
        self.settings, self.setting_boxes = panel.settings, panel.boxes
        self.settings_button, self.apply_settings_button = panel.toggle, panel.apply_button
        self.resume_panel = offer = ResumePanel(self, autosaved=seed is None)
        self.resume_html, self.resume_button, self.fresh_button = offer.html, offer.resume_button, offer.fresh_button
        self.save_notice, self.autosave_note = offer.save_notice, offer.note
        self.teacher_tools = teacher_tools_enabled()
        self.show_all_box = w.Checkbox(value=show_all and self.teacher_tools, description=t(self.show_all_words),
                                       indent=False, layout=shared_layout(width="auto"))
        if not self.teacher_tools:  # a classroom server: nobody may look at the others' cards
            self.show_all_box.disabled = True
            set_layout(self.show_all_box, display="none")
        self.hint_button = w.Button(description=t("Hint"), icon="lightbulb-o", tooltip=t(self.hint_tooltip))
        self.undo_button = w.Button(description=t("Undo"), icon="undo", tooltip=t("Take back your last move"))
        self.status = w.HTML()
        self.status.add_class("parlour-status")
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("parlour-panel")
        self.hint_panel = w.HTML(layout=shared_layout(display="none"))  # no room taken on the cloth until a hint
        self.hint_panel.add_class("parlour-hint-live")  # a screen reader reads the hint's headline as it opens
        self.hint_panel.observe(self._hint_shown, "value")
        # the hint's headline reads at a glance; its reasons, figures and other moves open with More
        self.hint_more = w.ToggleButton(value=False, description=t("More"), icon="chevron-down",
                                        tooltip=t("Why, with the figures and the other moves"),
                                        layout=shared_layout(display="none"))
        self.hint_more.add_class("parlour-hint-more")
        self.hint_more.observe(self._hint_more_changed, "value")
        self.hint_button.add_class("parlour-hint-button")  # the hint panel opens under it
        self.log_panel = TableLog(t, self.lang, self.explain_log_row)
        log = self.log_panel
        self.log_rows, self.log_history, self.why_panel = log.rows, log.history, log.why_panel
        self._build_end_panel()
        self.hand = CardRow(label=t("Your hand"), overlap=False, card_width=78, lang=self.lang)
        self.hand.card_name = self.card_name
        self.hand.on_play(self._on_card_clicked)
        self.hand.on_refused(self._on_card_refused)

        self.hint_button.on_click(lambda _: self.show_hint())
        self.undo_button.on_click(lambda _: self.undo())
        self.show_all_box.observe(self._show_all_changed, "value")

        children = self.felt_children()
        at = next((i + 1 for i, child in enumerate(children) if child is self.status), 0)
        children.insert(at, self.end_panel)  # the end of the game, under the status line
        at = next((i + 1 for i, child in enumerate(children) if _holds(child, self.hint_button)), len(children))
        children.insert(at, self.hint_panel)  # the hint opens under its button, where the learner is looking
        children.insert(at + 1, self.hint_more)
        children.append(self.review)  # the review of the deal, under the cloth's controls (the hand stays in sight)
        self.felt = w.VBox(children)
        self.felt.add_class("parlour-table")
        set_layout(self.felt, align_self="flex-start")  # the cloth keeps its size when the side grows
        set_layout(self.felt, width=f"{self.felt_width}px")  # ... and when hands empty; max-width 100% on a phone
        for child in children:
            if isinstance(child, w.HBox) and any(isinstance(c, w.Button) for c in child.children):
                child.add_class("parlour-buttons")
        side = w.VBox([self.scoreboard, self.log_panel, self.autosave_note])
        side.add_class("parlour-side")
        main = w.HBox([self.felt, side])
        main.add_class("parlour-main")
        # "connection lost: reload" when the kernel goes away, in the table's language
        self.connection_watch = ConnectionWatch(message=t(LOST_MESSAGE), reload_label=t(RELOAD), status=t(DISCONNECTED))
        # "Play with others" / "Join a table" on a play table (widgets/class_seat.py)
        self.class_panel = ClassTablePanel(self) if seed is None and cls.max_players > 1 else None  # not alone
        # a server that records a class's play (a hub, ./run app --class) is sent each deal you finish, and says so
        self.recorder = self.session.recorder = deal_recorder(self.game_id, self.lang)
        self.recorded_note = w.HTML(help_html(t(RECORDED_NOTE)) if self.recorder else "")
        self.recorded_note.add_class("parlour-recorded-note")
        head = w.VBox([self.style_html, self.link_notice, self.connection_watch, self.focus_keeper,  # [1]: toolbar
                       *([self.autosave] if self.autosave else []), self.save_notice, self.resume_panel,
                       *([self.class_panel] if self.class_panel else []),
                       *([self.recorded_note] if self.recorder else []), self.faces])
        super().__init__([head, bar, self.settings_panel, main, self.show_all_box])
        self.add_class("parlour")
        self.start(players, random_seed() if seed is None else seed)
        if seed is None:  # a play table: the page's deal link is for it (not a set practice deal)
            self.add_class("parlour-play-table")  # and "Go to the table" (widgets/lesson.py)
            bar.follow_page_link()

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
        return self.shared.names if self.shared is not None else self.seat_names(self.players)

    def seat_names(self, players: int) -> list[str]:
        """The names the rules call the seats by: you first, in the table's language ("Você")."""
        return [self.t(YOU), *BOT_NAMES[: players - 1]]

    def start(self, players: int, seed: int | str) -> None:
        """Deal a new game; if the rules refuse the set-up (a ParlourError), the table keeps its old deal."""
        game = self.session.new_game(players, seed, self.options)
        self.halt_driver()  # a step pending in the old deal never plays into the new one
        self.players = players
        self.seed = game.seed
        self.code = self.code_for(players, self.seed, self.options)
        self.toolbar.show_deal(players, self.code)
        self.session.put(game, new_bots=True)

    def game_put(self, look: bool) -> None:
        """The session put a game on the table: paint it (a new game closes the log's answer; a look back keeps it)."""
        if not look:
            self._explain(None)
        self.refresh()

    # ---- the session's game, bots, hint and pending bot move, by the names the game tables and tests use ----
    game = Forward[engine.Game]("session.game")
    #: the game of a class table this page has a seat at (widgets/class_seat.py), painted as any game is
    shared: SeatGame | None = None
    bots = Forward[dict[int, Bot]]("session.bots")
    _last_hint = Forward[Hint | None]("session.hint")
    _pending = Forward[engine.Turn | None]("session.pending")
    _starting = Forward[bool]("toolbar.quiet")  # while the table sets its own controls, their observers deal nothing

    @property
    def level(self) -> str:
        """The bots' level, as the toolbar's menu reads."""
        return self.toolbar.level_box.value

    def code_for(self, players: int, seed: int, options: dict[str, Any]) -> str:
        """The deal code of a game: players, the six letters of its seed, and its settings after a slash."""
        return table_code(players, seed, encode(self.settings, options, self.rules_class))

    def _hint_shown(self, change: Any) -> None:
        set_layout(self.hint_panel, display="" if change["new"] else "none")
        set_layout(self.hint_more, display="" if change["new"] else "none")
        self.hint_more.value = False  # a new hint (or none) opens at its headline

    def close_panels(self) -> None:
        """Escape in the table: close the Settings panel, the hint, the review and the Why? answer, whichever
        are open (the game is unchanged; Hint and Review open them again)."""
        self.settings_button.value = False
        self.review.hide_review()
        if self.hint_panel.value:  # the hint's chosen card is no longer lifted either
            self.session.hint = None
            self.refresh()
        self._explain(None)

    def _hint_more_changed(self, change: Any) -> None:
        """More shows the hint's detail under its headline; Less folds it away again."""
        opened = bool(change["new"])
        (self.hint_panel.add_class if opened else self.hint_panel.remove_class)("parlour-hint-open")
        self.hint_more.description = self.t("Less") if opened else self.t("More")
        self.hint_more.icon = "chevron-up" if opened else "chevron-down"

    def _show_all_changed(self, change: Any) -> None:
        if change["new"] and not self.teacher_tools and not (self.shared is not None and self.shared.teacher):
            self.show_all_box.value = False  # switched off for this server, even from a script
            return
        self.refresh()

    def level_changed(self) -> None:
        """The bots' level was chosen: new bots, a link and a save that carry it, and the status line says so.
        A bot move already worked out at the old level (one pausing to be seen) is worked out again."""
        self.session.set_level(self.level)
        self.toolbar.update_link()
        self._autosave()
        if not self.bots or not self.rules_class.has_choices:  # a solitaire, or bots with nothing to choose
            return
        level = self.t(LEVEL_WORDS.get(self.level_box.value, self.level_box.value))
        said = (self.t("The bots will play at the {level} level from the next deal.", level=level)
                if self.game.is_over else self.t("The bots now play at the {level} level, from their next move.",
                                                 level=level))
        self._after_move()
        self.say_first(esc(said))

    def new_deal(self) -> None:
        self.start(self.players_box.value, random_seed())

    def deal_from_code(self, code: str) -> bool:
        """Deal the cards of a code; a code that is not one is refused, and the box shows this deal's code again."""
        try:
            self.deal_code(code)
        except ParlourError as exc:
            self.refuse_code(self.said(exc))
            return False
        return True

    def deal_code(self, code: str) -> None:
        """Deal a code's cards, players and settings; a ParlourError (the table unchanged) if it is not one."""
        before = self.options
        try:
            read = read_table_code(code, self.players_box.value)
            cls = self.rules_class
            check_players(cls.name, cls.min_players, cls.max_players, read.players)
            chosen = {} if read.settings is None else decode(
                self.settings, read.settings, cls.name, example_code(self.code, self.settings, self.options, cls))
            self.options = {**self.start_options, **chosen}
            self.start(read.players, read.seed)
        except ParlourError:
            self.options = before
            raise

    def code_deals_this_game(self) -> bool:
        """Whether the table's deal code, read by this lesson's table, deals this game's settings: one set from
        Python that no menu offers cannot be carried, and a review link would then be refused as another deal's."""
        read = read_table_code(self.code, self.players)
        rules = self.rules_class
        chosen = {} if read.settings is None else decode(self.settings, read.settings, rules.name, self.code)
        return rules.resolve_options({**self.start_options, **chosen}) == rules.resolve_options(self.options)

    def deal_and_replay(self, code: str, moves: str) -> engine.Game:
        """A review link's deal: ``code`` dealt and ``moves`` replayed on it, each checked by the rules (not yet on
        the table). A link that is not one raises a ParlourError, and the table keeps the deal and game it had."""
        kept, options, players, seed = self.game, self.options, self.players, self.seed
        self.deal_code(code)  # a code that is not one: refused here, the table unchanged
        try:
            return replay_moves(self.game, moves)
        except ParlourError:
            self.options = options
            self.start(players, seed)
            if kept.history:
                self.session.put(kept, look=True, play_on=False)
            raise

    #: A review link: its deal, its moves replayed, the review open (widgets/review_panel.py).
    follow_review_link = Forward[Callable[[str | None, str], None]]("review.follow_link")

    def refuse_code(self, message: str | Sentence) -> None:
        """Say why a code was refused and put this deal's code back, so the box matches the table."""
        self.toolbar.restore_code()
        self.say(f"⚠ {esc(self.said(message))} "
                 + esc(self.t("The table still shows deal {code}.", code=self.code)))

    #: Deal a link's code with its bot level; a bad value is said above the table, which keeps its deal.
    follow_link = Forward[Callable[[str], bool]]("toolbar.follow")

    def apply_settings(self, **chosen: Any) -> bool:
        """Deal this game again (same code) with the menus' settings, or with ``chosen`` ones from Python."""
        picked = self.settings_panel.picked(**chosen)
        before = self.options
        self.options = {**self.options, **picked}
        try:
            self.start(self.players, self.seed)
        except ParlourError as exc:
            self.options = before
            self.settings_panel.show({**self.rules_class.option_defaults(), **self.options})
            self.say(f"⚠ {esc(self.said(exc))}")
            return False
        self.settings_button.value = False
        self.say_first(self.t("Dealt again with your settings: the code is now <b>{code}</b>.", code=esc(self.code)))
        return True

    # ---- the game kept in this browser, offered back after a reload (widgets/resume_panel.py) ----
    def _autosave(self) -> None:
        """Keep the game in the browser when it matters: at rest, or at your turn (not after each bot's move)."""
        if hasattr(self, "resume_panel"):
            self.resume_panel.keep(at_rest=not self.driving)

    #: The browser's half of the save (None: a set practice deal).
    autosave = Forward[AutoSave | None]("resume_panel.autosave")
    #: Put the offered game back on the table: the same cards, moves, scores, log and turn; Undo works.
    resume = Forward[Callable[[], bool]]("resume_panel.resume")
    #: What the offer of a kept game says: the deal, how far it went, whose turn (never a card).
    resume_words = Forward[Callable[[engine.Game], str]]("resume_panel.offer_words")
    #: Play the deal on the table; from now on it is the game this browser keeps.
    decline_resume = Forward[Callable[[], None]]("resume_panel.decline")

    def deal_like(self, game: engine.Game, level: str) -> None:
        """Deal ``game``'s players, seed and settings with bots at ``level`` (a kept game about to be resumed);
        a ParlourError if this lesson's table cannot deal them, and the table keeps its settings."""
        before = self.options
        try:
            self.options = dict(game.options)
            self.level_box.value = level
            self.start(game.players, game.seed)  # the same deal, its seeded bots, the toolbar's code
        except ParlourError:
            self.options = before
            raise

    def play_saved(self, game: engine.Game) -> None:
        """Put a saved game (dealt like the one on the table, which start() just dealt) on the table."""
        self.session.put(game, play_on=False)  # a bot about to move in the fresh deal never moves in the resumed one
        self.say_first(esc(self.t("Your game is back where you left it.")))
        self.session.after_move()

    def progress_words(self, view: dict[str, Any]) -> str:
        """How far a match has gone ("round 3 of 13"), from the view's progress; "" for a game of one deal."""
        progress = view["progress"]
        k, n = progress["deal"], progress["deals"]
        if n == 1:
            return ""
        if n:
            return self.deal_sentence(N_("deal {k} of {n}"), N_("round {k} of {n}"), k=k, n=n)
        return self.deal_sentence(N_("deal {k}"), N_("round {k}"), k=k)

    def deal_sentence(self, deal: str, round_: str, **fields: Any) -> str:
        """A sentence about one deal of a match in the game's own word for it ("Round 3" in Jabberwocky,
        "Deal 3" elsewhere): the table, its history and the review all name a deal so."""
        return self.t(round_ if self.rules_class.deal_word == "round" else deal, **fields)

    def deal_name(self, k: int) -> str:
        """"Deal 3", or "Round 3" in a game that calls its deals rounds."""
        return self.deal_sentence(N_("Deal {k}"), N_("Round {k}"), k=k)

    # ---- the end of the game ----
    def _build_end_panel(self) -> None:
        self.end_html = w.HTML()
        self.again_button = w.Button(description=self.t("Play again with the same deal"), icon="repeat",
                                     button_style="success", layout=shared_layout(width="auto"),
                                     tooltip=self.t("The same cards, dealt again: try another way"))
        self.again_button.on_click(lambda _: self.play_again())
        self.end_new_button = w.Button(description=self.t("New deal"), icon="refresh",
                                       layout=shared_layout(width="auto"),
                                       tooltip=self.t("Shuffle and deal a new game"))
        self.end_new_button.on_click(lambda _: self.new_deal())
        self.review = ReviewPanel(self)  # "Review this deal" (widgets/review_panel.py)
        self.review.add_class("parlour-review-panel")
        buttons = w.HBox([self.again_button, self.end_new_button, self.review.button])
        buttons.add_class("parlour-buttons")
        self.end_panel = w.VBox([self.end_html, buttons])
        self.end_panel.add_class("parlour-end")
        for aid in (self.hint_button, self.undo_button, self.review.deal_button):
            aid.add_class("parlour-aid")  # not a move: a focus whose move is gone goes to a move first
        set_layout(self.end_panel, display="none")

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
        return standings_html(self.names, scores, (self.t("Game over."), self.t("Final standings:")), self.ordinal,
                              lowest_wins, shown)

    def ordinal(self, n: int) -> str:
        """A place in the standings: "1st" in English, "1º" in Portuguese."""
        return words.ordinal(n) if self.lang == "en" else self.t("{n}th", n=n)

    # ---- history: one row per deal ----
    #: A word after a deal's label for how it ended, by the game's name for it (Rummy: "rummy" -> " ★ rummy"),
    #: a catalog message said in the table's language
    result_marks: dict[str, str] = {}

    def deal_results(self) -> list[tuple[str, list[int]]]:
        """(label, points per seat) for each finished deal of a match, from ``game.deal_results()``;
        none for a game of one deal (its scores say it all)."""
        if self.game.progress()["deals"] == 1:
            return []
        marks = {how: self.t(mark) for how, mark in self.result_marks.items()}
        return [(self.deal_name(r["deal"]) + marks.get(r["how"] or "", ""), list(r["points"]))
                for r in self.game.deal_results()]

    def history_html(self) -> str:
        results = self.deal_results()
        return history_html(self.names, results, self.t_count(len(results), N_("{n} deal played"),
                                                              N_("{n} deals played")))

    # ---- moves ----
    def _on_card_clicked(self, index: int, card: str | None) -> None:
        if card is not None:
            self.act(self.card_action(card))

    def _on_card_refused(self, index: int, card: str | None, tooltip: str) -> None:
        self.say(f"⚠ {esc(tooltip or self.t('You cannot play that card now.'))}")

    def act(self, action: str) -> bool:
        """The learner's move; a refused move explains itself and changes nothing."""
        if self.shared is not None and self.class_panel is not None:  # a class table: the move goes to its server
            return self.class_panel.move(action)
        if self.game.current_player != self.human:
            self.say(esc("⚠ " + self.t("Wait for your turn.") if not self.game.is_over
                         else self.t("The game is over: press New deal.")))
            return False
        try:
            self.session.move(action)  # painted, and the bots play on
        except ParlourError as exc:
            self.say(f"⚠ {esc(self.said(exc))}")
            return False
        return True

    def undo(self) -> None:
        if self.shared is not None and self.class_panel is not None:  # the teacher's, for the whole table
            self.class_panel.undo()
            return
        try:
            self.session.undo()
        except ParlourError as exc:  # nothing to take back: the game (and whoever is to play) goes on
            self.say(f"⚠ {esc(self.said(exc))}")
            return
        self._explain(None)  # the line it explained may be gone
        self.refresh()
        self.say(esc(self.t("Your last move was taken back. Your turn again.")))
        self._after_move()

    # ---- the one driver of turns: the session's (widgets/session.py); the table paints and keeps the timing ----
    _after_move = Forward[Callable[[], None]]("session.after_move")  # after any change: play what is automatic
    drive = Forward[Callable[[], None]]("session.drive")  # (re)start the driver, in time on a page
    driving = Forward[bool]("session.driving")  # a bot's or Autoplay's pause is running now
    halt_driver = Forward[Callable[[], None]]("session.halt")  # the step it was pausing for never happens
    play_automatic = Forward[Callable[[], int]]("session.play_automatic")  # every automatic move now, painted once

    def step_delay(self) -> float:
        """Seconds the driver pauses before each automatic move."""
        return self.bot_delay

    def driver_stopped(self) -> None:
        """The driver has nothing more to play: your turn, or the game is over."""

    def driver_failed(self, exc: Exception) -> None:
        """A step that fails must not leave a table that looks as if it thinks."""
        self.say("⚠ " + esc(self.t("The table stopped: {why} Press Undo or New deal.", why=self.said(exc))))

    def paced(self, turn: engine.Turn) -> bool:
        """Whether the driver pauses before this bot move (a move nobody sees may be made at once)."""
        return True

    def bots_hold(self) -> bool:
        """Whether the bots wait now although they could move (Kalooki: for your call)."""
        return False

    def _bot_to_move(self) -> bool:
        """Whether the driver has a move to make now (a table's Autoplay adds its own)."""
        return self.shared is None and self.session.bot_to_move()  # a class table's bots move on its server

    def _bot_step(self) -> None:
        """One automatic move (the driver paints afterwards)."""
        self.session.bot_step()

    def run_bots(self) -> None:
        """Play every pending bot move now (tests and scripted lessons)."""
        self.halt_driver()
        self.play_automatic()

    # ---- hint ----
    def hints_off(self, reason: str | None) -> None:
        """Turn Hint off, saying ``reason`` (None: back on), and redraw the button."""
        self.hint_off = reason
        self.refresh()

    def show_hint(self) -> Hint | None:
        if self.hint_off is not None:
            self.say("⚠ " + esc(self.hint_off))
            return None
        if self.game.is_over:
            self.say("⚠ " + esc(self.t("The game is over: there is nothing to hint.")))
            return None
        try:
            hint = self.session.ask_hint()
        except ParlourError as exc:
            self.say(f"⚠ {esc(self.said(exc))}")
            return None
        heading = self.hint_score_heading
        rows = [(a.action == hint.action, self.action_label(a.action),
                 formatted(self.hint_score_format, a.score, self.lang) if heading else None, a.note)
                for a in hint.alternatives[:6]]
        more = len(hint.alternatives) - 6
        note = (f"<small>{esc(self.t_count(more, self.hint_more_one, self.hint_more_many))}</small> "
                if more > 0 else "") \
            + (f"<small>{esc(self.t(self.hint_score_note))}</small>" if heading and self.hint_score_note else "")
        self.hint_panel.value = hint_html(hint.headline(self.action_label(hint.action)), hint.reason,
                                          (self.t("Move"), self.t(heading) if heading else None, self.t("Why")),
                                          rows, note)
        self.refresh()
        return hint

    #: The hint table's estimate column: its heading (None hides it), how a number is shown, what it means.
    hint_score_heading: str | None = N_("Points*")
    hint_score_format = "{:+.1f}"
    hint_score_note = N_("* points expected from the move, as far as your cards let me tell.")
    #: the line under the hint's six best moves, when there are more
    hint_more_one = N_("… and {n} more move, estimated no higher.")
    hint_more_many = N_("… and {n} more moves, each estimated no higher.")

    def label_at(self, game: engine.Game, action: str) -> str:
        """``action`` in the words the table had for it in ``game``'s position (a review's past decision: a
        discard named by the card it took then)."""
        shown, self.session.game = self.session.game, game
        try:
            return self.action_label(action)
        finally:
            self.session.game = shown

    def action_label(self, action: str) -> str:
        verb, _, arg = action.partition(" ")
        if verb == "play" and arg:
            return self.t("play {card}", card=engine.parse_card(arg).symbol)
        return action

    # ---- painting ----
    def say(self, text_html: str) -> None:
        """The status line; screen readers announce it (turns, refusals, the result)."""
        self.status.value = status_html(text_html)

    def say_first(self, text_html: str) -> None:
        """Say ``text_html`` before what the status line says now: the turn's prompt stays in sight."""
        self.say(text_html + " " + self.status.value.split(">", 1)[-1].rsplit("<", 1)[0])

    def refresh(self) -> None:
        self._drop_stale_hint()
        view = self.game.view(self.human)
        self.draw(view)
        self._draw_log()  # first: the per-deal history below the scores reads the log's events
        self._draw_scoreboard(view)
        self.undo_button.disabled = not self.session.can_undo()
        self.hint_button.disabled = not view["legal"] or self.hint_off is not None
        self.hint_button.tooltip = self.hint_off or self.t(self.hint_tooltip)
        over = self.game.is_over
        set_layout(self.end_panel, display="" if over else "none")
        # while playing, an empty hand keeps its row's height (nothing jumps); once the game is over, an
        # empty row would only leave a band of cloth between the end panel and the buttons
        set_layout(self.hand, display="none" if over and not self.hand.items else "")
        self.end_html.value = self.end_summary(view) if over else ""
        self._draw_status(view)
        if self.shared is None:  # a class table's seat is kept by its panel, and reviewed on its server
            self._autosave()
            self.review.sync()  # your new decisions are evaluated in the background
            if self.recorder is not None:  # a deal seen to its end goes to the class's record (never a look back)
                self.recorder.sync(self.game, self.human, self.level, self.code, self.review.looking,
                                   self.session.kept_review)
        if self.shared is not None and self.class_panel is not None:
            self.class_panel.paint()  # the seats, the teacher's controls, Undo's reason
        if over or view["legal"]:  # last: the browser has every control of this painting when it hears it
            self.focus_keeper.at_rest()

    def _drop_stale_hint(self) -> None:
        """A hint answers one position: once anyone moves (a bot's call, your No call), it is cleared; the panel
        shows the session's hint, so a hint the session dropped (a move, a new game) leaves the panel too."""
        self.session.drop_stale_hint()
        if self.session.hint is None:
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
        label = t("Speed")
        label_px = max(44, 8 * len(label))  # "Velocidade" needs more room than "Speed" (it read "Velo…")
        box = w.Dropdown(options=speeds, value=delay, description=label,
                         layout=shared_layout(width=f"{106 + label_px}px"),
                         tooltip=t("How long Autoplay pauses between steps"))
        set_style(box, description_width=f"{label_px}px")

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
        self.scoreboard.value = (scores_html(self.t(self.scores_heading), self.names, view["scores"],
                                             view["current_player"])
                                 + self.scoreboard_extra(view) + self.history_html())

    scores_heading = N_("Scores")

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        return ""

    # ---- the log (widgets/table_log.py) ----
    def _draw_log(self) -> None:
        self._log_events = self.game.events_for(self.human)
        self.log_panel.show(self._log_events)

    def log_lines(self) -> list[str]:
        return [e["text"] for e in self._log_events]

    def explain_log_row(self, i: int) -> str:
        """Answer the ``i``-th Why? button: the rule behind that line of the log."""
        found = self.log_panel.shown_event(i)
        if found is None:
            return ""
        index, event = found
        text = self.game.rule_text(event["rule"])
        self.log_panel.explain(index, text)
        return text

    def _explain(self, index: int | None) -> None:
        self.log_panel.explain(index)

    def seat_box_html(self, seat: int, view: dict[str, Any], body: str) -> str:
        return seat_box_html(self.names[seat], view["current_player"] == seat, body)

    def cards_html(self, cards: list[str | None], width: int = 38) -> str:
        return "".join(self.card_html(c, width) for c in cards)

    def backs_html(self, n: int, width: int = 30, what: str | None = None, drawn: int | None = None) -> str:
        """``n`` face-down cards (a hand, a stock) as one group a screen reader names once, in the table's
        language: "7 cards face down"; ``what`` (a catalog message) names the pile first: "Stock, 23 cards face
        down"."""
        return backs_html(n, width, what=None if what is None else self.t(what), drawn=drawn, lang=self.lang)

    def card_html(self, card: str | None, width: int = 38) -> str:
        """One card's picture, its tooltip naming it in the table's language. A face-up card is a box the page's
        stylesheet draws (its picture sent to the page once, not with every repaint: widgets/card_faces.py)."""
        if card is None:
            return card_img_html(card, width, name=self.card_name(card))
        key = str(engine.parse_card(card))
        self.faces.need(key)
        return face_html(key, width, name=self.card_name(key))

    def card_name(self, card: Any) -> str:
        """"Jack of clubs" / "Valete de paus"; a face-down card says so."""
        return card_name(card, self.lang)
