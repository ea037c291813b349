"""The clock tables of Relógio and Relógio Real: twelve piles in a circle, the Kings in the middle.

Each pile is a ``CardRow``, so every card is clickable and keyboard-playable: in Relógio you
turn the top face-down card of the marked pile (or press Turn) and, when a King is offered
for the swap, click the face-down card it should replace (or press Keep). Relógio Real has
no choices: Step, Autoplay and Finish.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as w

from engine.cards import parse_card
from engine.games.relogio import CENTRE, HOURS, Relogio, hour_label, ordinal, swap_slot
from engine.i18n import N_, say
from widgets.card_surface import CardRow
from widgets.card_svg import card_img_html
from widgets.settings import Setting
from widgets.shared_look import set_layout, shared_layout
from widgets.table import Table
from widgets.table_html import esc

CLOCK_AREAS = '''
". h11 h12 h1 ."
"h10 . . . h2"
"h9 . hK tu h3"
"h8 . . . h4"
". h7 h6 h5 ."
'''

CLOCK_CSS = """
<style>
.relogio-clock { margin: 6px 0; }
.relogio-pile { align-items: center; }
.relogio-pile .parlour-row { padding: 12px 4px 4px; min-height: 0; }
.relogio-label { font-size: 13px; text-align: center; opacity: .9; }
.relogio-pile--current .relogio-label { color: #ffd54a; font-weight: 700; opacity: 1; }
.relogio-pile--current .parlour-row { outline: 2px solid #ffd54a; border-radius: 8px; }
/* a card you cannot click here is still a card on the table: not greyed, just not lifted */
.relogio-clock .parlour-row .parlour-card--dimmed { background: #fff; cursor: default; }
.relogio-clock .parlour-row .parlour-card--dimmed svg, .relogio-clock .parlour-row .parlour-card--dimmed img {
  opacity: 1; filter: none; }
.relogio-turned { width: 136px; text-align: center; }
.relogio-turned .parlour-sub { font-size: 12px; line-height: 1.2; }
/* a pile is one target (44 px cards): a click anywhere on it turns its top card, or picks it for the swap */
.relogio-clock .parlour-row--overlap .parlour-card + .parlour-card { margin-left: calc(var(--parlour-card-w) * -0.66); }
.relogio-pile--chosen .parlour-row { outline: 3px solid #8fd3ff; border-radius: 8px; }
.relogio-swap { background: rgba(0,0,0,.22); border-radius: 10px; padding: 4px 8px; margin: 4px 0; }
.relogio-swap .widget-button { height: 44px; }
@container parlour (max-width: 640px) {
  .relogio-clock { grid-template-columns: repeat(5, minmax(0, 1fr)) !important; min-width: 0 !important; }
  .relogio-clock .parlour-row--overlap .parlour-card + .parlour-card {
    margin-left: calc(var(--parlour-card-w) * -0.86); }
  .relogio-turned { width: auto; }
  .relogio-turned .parlour-sub { font-size: 11px; }
  .relogio-label { font-size: 11px; }
}
</style>
"""

#: what a click on a pile says once the game is over
GAME_OVER = N_("The game is over: press <b>New deal</b> to play again.")

PileClick = Callable[[int, int, "str | None", bool], None]


def hour_words(hour: int, lang: str = "en") -> str:
    """An hour's pile as the rules' sentences name it (engine.games.relogio.hour_phrase): "7 o'clock", "the
    centre"; "monte das 7 horas", "monte central"."""
    if hour == CENTRE:
        return say(lang, N_("the centre"))
    return say(lang, N_("1 o'clock")) if hour == 1 else say(lang, N_("{hour} o'clock"), hour=hour)


def place_words(depth: int, count: int, lang: str = "en") -> str:
    """Which face-down card of a pile: "the top card", "the 2nd card", "the bottom card" (1 = top)."""
    if count == 1:
        return say(lang, N_("the only face-down card"))
    if depth == 1:
        return say(lang, N_("the top card"))
    if depth == count:
        return say(lang, N_("the bottom card"))
    return say(lang, N_("the {nth} card"), nth=ordinal(depth), n=depth)


def slot_words(hour: int, depth: int, count: int, lang: str = "en") -> str:
    """``"the top card of 7 o'clock"``: a face-down card and its pile."""
    return say(lang, N_("{place} of {hour}"), place=place_words(depth, count, lang), hour=hour_words(hour, lang))


class ClockFace(w.GridBox):
    """Thirteen card rows laid out as a clock face; clicks report (hour, index, card, playable)."""

    def __init__(self, on_click: PileClick, middle: w.Widget, card_width: int = 44, lang: str = "en") -> None:
        self.rows: dict[int, CardRow] = {}
        self.labels: dict[int, w.HTML] = {}
        self.cells: dict[int, w.VBox] = {}
        for hour in HOURS:
            row = CardRow(label=say(lang, N_("Pile of {hour}"), hour=hour_words(hour, lang)), overlap=True,
                          card_width=card_width, lang=lang)
            row.on_play(_forward(on_click, hour, True))
            row.on_refused(_forward(on_click, hour, False))
            label = w.HTML()
            label.add_class("relogio-label")
            cell = w.VBox([label, row], layout=shared_layout(grid_area=f"h{hour_label(hour)}"))
            cell.add_class("relogio-pile")
            self.rows[hour], self.labels[hour], self.cells[hour] = row, label, cell
        set_layout(middle, grid_area="tu")  # the card just turned (or carried), beside the centre
        super().__init__([*self.cells.values(), middle], layout=shared_layout(
            grid_template_areas=CLOCK_AREAS, grid_template_columns="repeat(5, 140px)", grid_gap="2px 4px",
            justify_items="center", align_items="center", min_width="716px"))
        self.add_class("relogio-clock")

    def mark_current(self, hour: int | None, css: str = "relogio-pile--current") -> None:
        for h, cell in self.cells.items():
            if h == hour:
                cell.add_class(css)
            else:
                cell.remove_class(css)


def _forward(on_click: PileClick, hour: int, playable: bool) -> Callable[..., None]:
    def handle(index: int, card: str | None, *_tooltip: str) -> None:
        on_click(hour, index, card, playable)
    return handle


def swap_words(hour: int, depth: int, count: int, lang: str = "en") -> str:
    """The swap of the King with one face-down card, as its button's tooltip and the hint say it."""
    return say(lang, N_("Swap the King with {slot}"), slot=slot_words(hour, depth, count, lang))


class _ClockTable(Table):
    """What both clock tables share: the clock, the turned-card panel, Autoplay, one seat."""

    autoplay_delay = 0.5
    felt_width = 770  # the clock's five columns of piles

    def __init__(self, seed: int | str | None = None, autoplay_delay: float | None = None, **options: Any) -> None:
        if autoplay_delay is not None:
            self.autoplay_delay = autoplay_delay
        self._autoplaying = False
        super().__init__(players=1, seed=seed, bot_delay=0, **options)
        set_layout(self.players_box, display="none")  # one player, no bots: nothing to choose
        set_layout(self.level_box, display="none")

    def felt_children(self) -> list[w.Widget]:
        self.turned_html = w.HTML()
        self.turned_html.add_class("relogio-turned")
        self.clock = ClockFace(self._on_pile_click, self.turned_html, lang=self.lang)
        self.autoplay_button = w.Button(description=self.t("Autoplay"), icon="play",
                                        tooltip=self.t("Play the forced moves on their own (click again to stop)"))
        self.autoplay_button.on_click(lambda _: self.toggle_autoplay())
        self.speed_box = self.speed_control(self.autoplay_delay)
        buttons = w.HBox([*self.buttons(), self.speed_box])
        set_layout(buttons, flex_flow="row wrap")
        return [w.HTML(CLOCK_CSS), self.clock, self.status, *self.extra_controls(), buttons]

    def buttons(self) -> list[w.Widget]:
        raise NotImplementedError

    def extra_controls(self) -> list[w.Widget]:
        return []

    def forced_action(self, view: dict[str, Any]) -> str | None:
        """The move Autoplay makes, or None when the learner must decide (or the game is over)."""
        raise NotImplementedError

    def _on_pile_click(self, hour: int, index: int, card: str | None, playable: bool) -> None:
        raise NotImplementedError

    # ---- autoplay ----
    def toggle_autoplay(self) -> None:
        if self._autoplaying:
            self.stop_autoplay()
        else:
            self.autoplay()

    def stop_autoplay(self) -> None:
        self._autoplaying = False
        self.halt_driver()
        self._draw_autoplay_button()

    def autoplay(self) -> None:
        """Make the forced moves, with a short pause in a live page, until a decision or the end."""
        self._autoplaying = True
        self._draw_autoplay_button()
        self.drive()  # the table's one driver makes them: never two loops at once

    # Autoplay is the table's driver making your forced moves (a patience has no bots).
    def _bot_to_move(self) -> bool:
        return self._autoplaying and self.forced_action(self.game.view(self.human)) is not None

    def _bot_step(self) -> None:
        action = self.forced_action(self.game.view(self.human))
        assert action is not None
        self.game.apply(action, self.human)
        self._last_hint = None
        self.hint_panel.value = ""

    def step_delay(self) -> float:
        return self.autoplay_delay

    def driver_stopped(self) -> None:
        if self._autoplaying:  # a decision is yours, or the game is over
            self._autoplaying = False
            self._draw_autoplay_button()

    def undo(self) -> None:
        if self._autoplaying:  # taking a move back stops the moves that make themselves
            self._autoplaying = False
            self._draw_autoplay_button()
        super().undo()

    def _draw_autoplay_button(self) -> None:
        self.autoplay_button.description = self.t("Stop") if self._autoplaying else self.t("Autoplay")
        self.autoplay_button.icon = "stop" if self._autoplaying else "play"
        self._draw_status(self.game.view(self.human))

    def _draw_status(self, view: dict[str, Any]) -> None:
        if self._autoplaying and not self.game.is_over:  # not "Press Step" while the moves make themselves
            self.say(self.t("<b>Autoplay</b> is making the moves. Press <b>Stop</b> to take over."))
            return
        super()._draw_status(view)

    def start(self, players: int, seed: int | str) -> None:
        self._autoplaying = False
        super().start(players, seed)
        if hasattr(self, "autoplay_button"):
            self._draw_autoplay_button()

    # ---- painting helpers ----
    def hour(self, hour: int) -> str:
        """An hour's pile in the table's language: "7 o'clock", "monte das 7 horas"."""
        return hour_words(hour, self.lang)

    def turned_panel(self, card: str | None, caption: str) -> str:
        picture = card_img_html(card, 56, lang=self.lang) if card else "<div style='height:78px'></div>"
        return f"<div>{picture}<div class='parlour-sub' data-testid='turned'>{esc(caption)}</div></div>"

    # The shared hint panel, with chances of winning instead of points.
    hint_score_heading = N_("Win")
    hint_score_format = "{:.0f}%"
    hint_score_note = ""


class RelogioTable(_ClockTable):
    """Play Relógio (Clock patience): ``RelogioTable(seed="K7QM3P", king_swap="any_king")``."""

    game_id = "relogio"
    languages = ("en", "pt")
    setting_words = {
        "king_swap": Setting("king_swap", N_("King swap"),
                             ((N_("Offered on every King until used"), "any_king"),
                              (N_("Offered only on the fourth King"), "fourth_king"),
                              (N_("No swap: plain Clock patience"), "off")),
                             N_("Once per game you may swap a King you turn for any face-down card.")),
        "lang": None,  # the table's language is chosen when it opens
    }

    def buttons(self) -> list[w.Widget]:
        t = self.t
        self.turn_button = w.Button(description=t("Turn"), icon="repeat", button_style="primary",
                                    tooltip=t("Turn the top face-down card of the marked pile"))
        self.turn_button.on_click(lambda _: self.act("turn"))
        self.keep_button = w.Button(description=t("Keep the King"), tooltip=t("The King goes to the centre; the swap "
                                                                              "stays for a later King"))
        self.keep_button.on_click(lambda _: self.act("keep"))
        return [self.turn_button, self.keep_button, self.autoplay_button, self.hint_button, self.undo_button]

    def extra_controls(self) -> list[w.Widget]:
        """The swap in words: after you click a pile, one big button per face-down card it may replace."""
        self.swap_hour: int | None = None
        self.swap_html = w.HTML()
        self.swap_buttons = [w.Button(layout=shared_layout(width="auto", height="44px")) for _ in range(4)]
        for depth, button in enumerate(self.swap_buttons, start=1):
            button.on_click(lambda _b, depth=depth: self.swap_at(depth))
        cancel = w.Button(description=self.t("Choose another pile"), icon="times",
                          layout=shared_layout(width="auto", height="44px"))
        cancel.on_click(lambda _: self.choose_swap_pile(None))
        row = w.HBox([*self.swap_buttons, cancel])
        row.add_class("parlour-buttons")
        self.swap_panel = w.VBox([self.swap_html, row])
        self.swap_panel.add_class("relogio-swap")
        set_layout(self.swap_panel, display="none")
        return [self.swap_panel]

    def choose_swap_pile(self, hour: int | None) -> None:
        """Pick the pile the King goes into (None: none yet); the buttons then say each place in words."""
        view = self.game.view(self.human)
        self.swap_hour = hour if view["pending"] else None
        self._draw_swap(view)

    def swap_at(self, depth: int) -> bool:
        """Swap the King with the ``depth``-th face-down card (1 = top) of the chosen pile."""
        if self.swap_hour is None:
            return False
        hour, self.swap_hour = self.swap_hour, None
        return self.act(f"swap {hour_label(hour)}:{depth}")

    def _draw_swap(self, view: dict[str, Any]) -> None:
        hour = self.swap_hour if view["pending"] else None
        self.swap_hour = hour
        self.clock.mark_current(hour, "relogio-pile--chosen")
        if hour is None:
            set_layout(self.swap_panel, display="none")
            return
        king = parse_card(view["pending"]).symbol
        n = view["piles"][hour - 1]["face_down"]
        hinted = self._last_hint.action if self._last_hint else None
        put = self.t("Put {king} face down in <b>{hour}</b>, in place of:", king=esc(king), hour=esc(self.hour(hour)))
        self.swap_html.value = f"<div data-testid='swap-words'>{put}</div>"
        for depth, button in enumerate(self.swap_buttons, start=1):
            set_layout(button, display="" if depth <= n else "none")
            place = place_words(depth, n, self.lang)  # "the top card", "the 2nd card", …
            button.description = self.t("{place} (turned next)", place=place) if depth == 1 and n > 1 else place
            button.tooltip = swap_words(hour, depth, n, self.lang)
            button.button_style = "info" if hinted == f"swap {hour_label(hour)}:{depth}" else ""
        set_layout(self.swap_panel, display="")

    def forced_action(self, view: dict[str, Any]) -> str | None:
        return "turn" if view["legal"] == ["turn"] else None

    def action_label(self, action: str) -> str:
        """A move as the hint names it: in the words of the button that makes it, never "swap 10:3"."""
        verb, _, arg = action.partition(" ")
        if verb == "turn":
            return self.turn_button.description
        if verb == "keep":
            return self.keep_button.description
        if verb == "swap":
            hour, depth = swap_slot(arg)
            return swap_words(hour, depth, self.game.view(self.human)["piles"][hour - 1]["face_down"], self.lang)
        return super().action_label(action)

    def draw(self, view: dict[str, Any]) -> None:
        hinted = self._last_hint.action if self._last_hint else None
        known = view["known_face_down"]
        last = view["last"]
        for pile in view["piles"]:
            hour, ups, n = pile["hour"], pile["face_up"], pile["face_down"]
            actual = self._face_down_cards(hour) if self.show_all_box.value else [None] * n
            cards: list[str | None] = [*ups, *reversed(actual)]  # face up peeking out, the top card last
            playable, tips, selected = [], [], []
            for i, card in enumerate(cards):
                if i < len(ups):
                    playable.append(False)
                    tips.append(self.t("{card}, face up under {hour}", card=parse_card(ups[i]).symbol,
                                       hour=self.hour(hour)))
                    just = last is not None and last["to"] == hour and i == len(ups) - 1
                    selected.append(just)
                    continue
                depth = n - (i - len(ups))
                action = self._slot_action(view, hour, depth)
                playable.append(action is not None)
                tips.append(self._slot_tip(view, hour, depth, n, action))
                selected.append(action is not None and action == hinted
                                or (known is not None and known["hour"] == hour and known["position"] == depth))
            self.clock.rows[hour].show(cards, playable=playable, tooltips=tips, selected=selected)
            mark = "▶ " if view["current"] == hour and not view["pending"] else ""
            self.clock.labels[hour].value = f"{mark}<b>{esc(hour_label(hour))}</b> · {esc(self.t('{n} down', n=n))}"
        self.clock.mark_current(None if view["pending"] else view["current"])
        self._draw_swap(view)
        self.turned_html.value = self._turned(view)
        pending = bool(view["pending"])
        self.turn_button.disabled = view["legal"] != ["turn"]
        set_layout(self.keep_button, display="" if pending else "none")
        self.autoplay_button.disabled = view["is_over"]

    def _face_down_cards(self, hour: int) -> list[str | None]:
        """The teacher's switch: what really lies face down (the only place the table looks past the view)."""
        game = self.game
        assert isinstance(game, Relogio)
        return [str(c) for c in game.deal.down[hour]]

    def _slot_action(self, view: dict[str, Any], hour: int, depth: int) -> str | None:
        if view["pending"]:
            return f"swap {hour_label(hour)}:{depth}"
        if view["current"] == hour and view["legal"] == ["turn"]:
            return "turn"  # the whole pile is the target: its top card is turned
        return None

    def _slot_tip(self, view: dict[str, Any], hour: int, depth: int, count: int, action: str | None) -> str:
        t = self.t
        if action == "turn":
            return t("Turn the top card of {hour}", hour=self.hour(hour))
        if action:
            return t("Put the King in {hour}: click, then choose which face-down card it replaces",
                     hour=self.hour(hour))
        if view["is_over"]:
            return t("The game is over: this card stays face down.")
        return t("Face down. The next card to turn is the top card of {hour} (the marked pile).",
                 hour=self.hour(view["current"]))

    def _turned(self, view: dict[str, Any]) -> str:
        last = view["last"]
        if view["pending"]:
            return self.turned_panel(view["pending"], self.t("King number {n}: keep or swap?",
                                                             n=view["kings_up"] + 1))
        if last is None:
            return self.turned_panel(None, self.t("Nothing turned yet"))
        card = parse_card(last["card"]).symbol  # said in words: "7♥ from the centre, put under 7 o'clock"
        return self.turned_panel(last["card"], self.t("{card} from {source}, put under {target}", card=card,
                                                      source=self.hour(last["from"]), target=self.hour(last["to"])))

    def _on_pile_click(self, hour: int, index: int, card: str | None, playable: bool) -> None:
        view = self.game.view(self.human)
        ups = len(view["piles"][hour - 1]["face_up"])
        n = view["piles"][hour - 1]["face_down"]
        if playable:
            if view["pending"]:
                self.choose_swap_pile(hour)
                self.say(esc(self.t("Where in {hour} does the King go? Choose a button below.",
                                    hour=self.hour(hour))))
                return
            action = self._slot_action(view, hour, n - (index - ups))
            if action:
                self.act(action)
                return
        t = self.t
        current = esc(self.hour(view["current"]))
        if view["is_over"]:
            self.say(t(GAME_OVER))
        elif view["pending"]:
            self.say(t("⚠ That card is face up. To swap the King, click a <b>face-down</b> card; or press "
                       "<b>Keep the King</b>."))
        elif index < ups:
            self.say(t("⚠ That card is already face up. Turn the top card of {hour} (the marked pile), or press "
                       "<b>Turn</b>.", hour=current))
        else:
            self.say(t("⚠ You may only turn the top card of {hour}, the pile the last card went under. Press "
                       "<b>Turn</b>.", hour=current))

    def turn_prompt(self, view: dict[str, Any]) -> str:
        if view["pending"]:
            king = parse_card(view["pending"]).symbol
            return self.t("You turned {king}, King number {n}. Keep it, or click a pile to put the King into it in "
                          "place of one of its face-down cards (once per game). Hint shows the chances.",
                          king=king, n=view["kings_up"] + 1)
        return self.t("Press Turn (or click the top card of {hour}, the marked pile; Tab and Enter work too).",
                      hour=self.hour(view["current"]))

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        t = self.t
        swap = (t("used") if view["swap_used"] else t("off") if view["options"]["king_swap"] == "off"
                else t("available"))
        return ("<div data-testid='progress'>" + t("Face up: <b>{n}</b> of 52 · Kings: {kings} of 4 · King swap: "
                                                   "{swap}", n=view["face_up"], kings=view["kings_up"], swap=esc(swap))
                + "</div>")


class RelogioRealTable(_ClockTable):
    """Play Relógio Real (the royal clock): ``RelogioRealTable(seed=7)``; every move is forced."""

    game_id = "relogio_real"
    languages = ("en", "pt")
    setting_words = {
        "rounds": Setting("rounds", N_("Rounds to win"),
                          ((N_("Three: the real game"), 3), (N_("Two"), 2), (N_("One: a practice game"), 1)),
                          N_("How many rounds of Ace to King you must remove to win.")),
        "lang": None,  # the table's language is chosen when it opens
    }
    autoplay_delay = 0.25

    def buttons(self) -> list[w.Widget]:
        t = self.t
        self.step_button = w.Button(description=t("Step"), icon="step-forward", button_style="primary",
                                    tooltip=t("Make the next (forced) move"))
        self.step_button.on_click(lambda _: self.act("move"))
        self.finish_button = w.Button(description=t("Finish"), icon="fast-forward",
                                      tooltip=t("Play every remaining move at once"))
        self.finish_button.on_click(lambda _: self.finish())
        set_layout(self.show_all_box, display="none")  # nothing is hidden in Relógio Real
        return [self.step_button, self.autoplay_button, self.finish_button, self.hint_button, self.undo_button]

    def action_label(self, action: str) -> str:
        return self.step_button.description if action == "move" else super().action_label(action)

    def forced_action(self, view: dict[str, Any]) -> str | None:
        return None if view["is_over"] else "move"

    def finish(self) -> None:
        self.stop_autoplay()
        while not self.game.is_over:
            self.game.apply("move", self.human)
        self._last_hint = None
        self.hint_panel.value = ""
        self.refresh()

    def draw(self, view: dict[str, Any]) -> None:
        last = view["last"]
        for pile in view["piles"]:
            hour, cards = pile["hour"], pile["cards"]
            shown = list(reversed(cards))  # the top card last, in full view
            just = [last is not None and last["to"] == hour and i == 0 for i in range(len(shown))]
            tips = [self.t("{card} (the top card: it counts)", card=parse_card(c).symbol) if i == len(shown) - 1
                    else parse_card(c).symbol for i, c in enumerate(shown)]
            self.clock.rows[hour].show(shown, playable=[False] * len(shown), tooltips=tips, selected=just)
            mark = "▶ " if view["target"] == hour else ""
            tick = " ✓" if pile["correct"] else ""
            self.clock.labels[hour].value = f"{mark}<b>{esc(hour_label(hour))}</b>{tick}"
        self.clock.mark_current(view["target"])
        if view["carried"]:
            caption = (self.t("In hand, from {source}: it goes under {target}", source=self.hour(view["position"]),
                              target=self.hour(view["target"])) if view["target"] else self.t("In hand"))
        else:
            caption = self.t("Nothing in hand yet") if not view["is_over"] else "—"
        self.turned_html.value = self.turned_panel(view["carried"], caption)
        self.step_button.disabled = self.finish_button.disabled = view["is_over"]
        self.autoplay_button.disabled = view["is_over"]

    def _on_pile_click(self, hour: int, index: int, card: str | None, playable: bool) -> None:
        if self.game.is_over:
            self.say(self.t(GAME_OVER))
        else:
            self.say(self.t("⚠ Relógio Real has no choices: every move is forced. Press <b>Step</b>, "
                            "<b>Autoplay</b> or <b>Finish</b>."))

    def turn_prompt(self, view: dict[str, Any]) -> str:
        if view["carried"] is None:
            return self.t("Press Step to pick up the top card of {hour}.", hour=self.hour(view["target"]))
        return self.t("Press Step: {card} goes under {hour}, the next wrong pile.",
                      card=parse_card(view["carried"]).symbol, hour=self.hour(view["target"]))

    def scoreboard_extra(self, view: dict[str, Any]) -> str:
        correct = sum(p["correct"] for p in view["piles"])
        return ("<div data-testid='progress'>" + self.t("Rounds removed: <b>{n}</b> of {rounds} · correct piles: "
                                                        "{correct} of 13 · steps: {steps}", n=len(view["removed"]),
                                                        rounds=view["rounds"], correct=correct, steps=view["steps"])
                + "</div>")


__all__ = ["CENTRE", "ClockFace", "RelogioRealTable", "RelogioTable"]
