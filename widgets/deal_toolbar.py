"""The row above a table's cloth: players, bots, the deal code, Copy link, Play this deal, New deal, Settings.

The toolbar holds these controls and says what the table deals; what a control does to the game is
the table's (``host``: widgets/table.py, through the few public methods of
:class:`widgets.session.ToolbarHost`), so a game's table that deals differently (El Gato's player
counts, Kalooki's match length) overrides the table's methods, never these.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from engine.hints import LEVELS
from engine.i18n import N_, Sentence
from engine.protocol import ParlourError
from widgets.card_look import CardLook
from widgets.deal_code import code_box_width
from widgets.deal_link import CopyLink, DealLink, DealLinkError, link_query, preheated, read_deal_link, take_link, \
    take_page_link
from widgets.session import ToolbarHost
from widgets.settings import Setting, settings_for
from widgets.shared_look import set_layout, shared_layout
from widgets.table_html import esc, help_html

LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}  # the bots' levels, as shown


class SettingsPanel(w.VBox):
    """The game's variants as menus, opened by the toolbar's Settings button; the table deals them again."""

    def __init__(self, host: ToolbarHost) -> None:
        t = host.t  # each menu worded in the table's language
        self.settings = [Setting(s.option, t(s.label), tuple((t(label), v) for label, v in s.choices), t(s.help))
                         for s in settings_for(host.rules_class, host.setting_words)]
        self.boxes: dict[str, w.Dropdown] = {}
        rows = []
        for s in self.settings:
            box = w.Dropdown(options=list(s.choices), description=s.label, tooltip=s.help,
                             style={"description_width": "initial"}, layout=shared_layout(width="auto"))
            self.boxes[s.option] = box
            row = w.HBox([box, w.HTML(help_html(s.help))])
            row.add_class("parlour-setting")
            rows.append(row)
        self.apply_button = w.Button(description=t("Deal again with these settings"), icon="check",
                                     button_style="primary", layout=shared_layout(width="auto"),
                                     tooltip=t("The same cards (the same code), with the settings above"))
        self.apply_button.on_click(lambda _: host.apply_settings())
        note = w.HTML(help_html(t("Changing a setting deals this game again, with the same code; the code then "
                                  "carries the settings, so a class that types it plays the same game.")))
        # how the cards look in this browser (no part of the game): there whatever settings the game has
        self.card_look = CardLook(t)
        super().__init__([*rows, *([w.HBox([self.apply_button, note])] if rows else []), self.card_look])
        self.add_class("parlour-panel")
        self.add_class("parlour-settings")
        set_layout(self, display="none")
        self.toggle = w.ToggleButton(description=t("Settings"), icon="sliders", value=False,
                                     tooltip=t("The game's variants and how the cards look"),
                                     layout=shared_layout(width="auto"))
        self.toggle.observe(self._toggled, "value")

    def _toggled(self, change: Any) -> None:
        set_layout(self, display="" if change["new"] else "none")

    def show(self, options: dict[str, Any]) -> None:
        """Set each menu to what the table plays now (``options``: every option's value)."""
        for s in self.settings:
            if s.index(options[s.option]) is not None:
                self.boxes[s.option].value = options[s.option]

    def picked(self, **chosen: Any) -> dict[str, Any]:
        """The menus' settings, once ``chosen`` ones (from Python) are set in them."""
        for option, value in chosen.items():
            self.boxes[option].value = value
        return {s.option: self.boxes[s.option].value for s in self.settings}


class DealToolbar(w.HBox):
    """Players, bots, deal code, Copy link, Play this deal, New deal and Settings, in one wrapping row."""

    def __init__(self, host: ToolbarHost, players: int, level: str) -> None:
        t, cls = host.t, host.rules_class
        self.host = host
        self.quiet = False  # while the table sets these controls itself, their observers deal nothing
        self.plays_links = False  # the page's deal link is for this table (a play table, not a set practice deal)
        self.players_box = w.Dropdown(options=list(range(cls.min_players, cls.max_players + 1)), value=players,
                                      description=t("Players"), layout=shared_layout(width="150px"))
        self.level_box = w.Dropdown(options=[(t(LEVEL_WORDS.get(v, v)), v) for v in LEVELS], value=level,
                                    description=t("Bots"), layout=shared_layout(width="170px"))
        self.code_box = w.Text(description=t("Deal code"), layout=shared_layout(width="220px"), continuous_update=False,
                               tooltip=t("Share this code: the same code deals the same cards"))
        self.deal_button = w.Button(description=t("Play this deal"), layout=shared_layout(width="auto"),
                                    tooltip=t("Deal the cards of the code on the left"))
        self.copy_link = CopyLink(self._page_address)  # the page's address with ?deal=…&level=…: to share
        self.copy_link.words = {
            "button": t("Copy link"), "copied": t("Copied"),
            "tooltip": t("Copy a link that opens this deal, with these bots and settings"),
            "by_hand": t("Copy this link:"), "field": t("Link to this deal")}
        self.link_notice = w.HTML(layout=shared_layout(display="none"))  # why a page's deal link was refused
        self.link_notice.add_class("parlour-link-notice")
        self.new_button = w.Button(description=t("New deal"), icon="refresh", button_style="primary",
                                   tooltip=t("Shuffle and deal a new game"), layout=shared_layout(width="auto"))
        self.settings_panel = SettingsPanel(host)
        self.new_button.on_click(lambda _: host.new_deal())
        self.deal_button.on_click(lambda _: host.deal_from_code(self.code_box.value))
        self.code_box.observe(self._code_typed, "value")  # Enter or leaving the box
        self.level_box.observe(lambda _: host.level_changed(), "value")
        if not cls.has_choices:  # nobody chooses anything: a bot's strength means nothing
            set_layout(self.level_box, display="none")
        self.players_box.observe(self._players_changed, "value")
        super().__init__([self.players_box, self.level_box, self.code_box, self.copy_link, self.deal_button,
                          self.new_button, self.settings_panel.toggle])
        self.add_class("parlour-toolbar")

    def show_deal(self, players: int, code: str) -> None:
        """What the table deals now: its players and code (the boxes' own observers stay quiet)."""
        host = self.host
        self.quiet = True
        try:
            self.players_box.value = players
            self.code_box.value = code
            set_layout(self.code_box, width=code_box_width(code))
            self.settings_panel.show({**host.rules_class.option_defaults(), **host.options})
        finally:
            self.quiet = False
        self.update_link()

    def update_link(self) -> None:
        """The link Copy link copies: this deal, these bots."""
        self.copy_link.query = link_query(self.host.code, self.level_box.value, self.host.game_id)

    def restore_code(self) -> None:
        """Put this deal's code back in the box (a typed code was refused)."""
        self.quiet = True
        try:
            self.code_box.value = self.host.code
        finally:
            self.quiet = False

    def _code_typed(self, change: Any) -> None:
        if not self.quiet and change["new"].strip() and change["new"] != self.host.code:
            self.host.deal_from_code(change["new"])

    def _players_changed(self, _change: Any) -> None:
        if not self.quiet:
            self.host.new_deal()

    # ---- deal links: ?deal=…&level=… in the page's address (widgets/deal_link.py) ----
    def follow_page_link(self) -> None:
        """The first play table of a page deals what the page's address asks for."""
        self.plays_links = True
        query = take_page_link(self.host.game_id)
        if query is not None:
            self.follow(query)

    def _page_address(self, search: str) -> None:
        """The browser's report of the page's query string, for a kernel that never saw the request."""
        if self.plays_links and preheated() and (query := take_link(self.host.game_id, search)) is not None:
            self.follow(query)

    def follow(self, query: str) -> bool:
        """Deal a link's code with its bot level; a bad value is said above the table, which keeps its deal."""
        host = self.host
        self.link_notice.value = ""
        set_layout(self.link_notice, display="none")
        try:
            link: DealLink = read_deal_link(query)
            if link.game is not None and link.game != host.game_id:
                raise DealLinkError(Sentence(N_("This link is for another game ({other}), not {game}."),
                                             other=link.game, game=host.rules_class.name))
            if link.level is not None:
                self.level_box.value = link.level
            if link.moves is not None:  # a review link: the deal, its moves replayed, the review open
                host.follow_review_link(link.deal, link.moves)
            elif link.deal is not None:
                host.deal_code(link.deal)
        except ParlourError as exc:
            self.link_notice.value = ("<div role='alert'>⚠ " + esc(host.t(
                "This page's link was not followed: {why} The table deals as the lesson set it up (deal {code}).",
                why=host.said(exc), code=host.code)) + "</div>")
            set_layout(self.link_notice, display="")
            return False
        return True
