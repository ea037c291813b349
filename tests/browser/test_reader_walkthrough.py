"""A whole deal per game family played by keyboard and read by ear, in Chromium (issue 38, item 5).

Each walkthrough opens a small seeded deal (two players, or Relógio's one) at the family's lesson, takes the
"Go to the table" link with Tab and Enter, then plays the deal to its end with the keys a learner without a
mouse has (Tab, Shift+Tab, the arrows, Home, Enter) and reads the table only through Chromium's accessibility
tree (Playwright's aria snapshots and roles): what the focused control is called, which cards the hand says
"can play", whether a button is disabled, the status line and the log's news (the polite live regions).
After every move the focus must be on a control of the table, never on the page; a move a key cannot reach
fails the test (each control is looked for within a bounded number of Tabs).

- tricks, Klaberjass: take the turned-up suit, then play the first card the hand names "can play", nine tricks;
- rummy, Rummy: draw from the stock ("Stock, 30 cards face down"), select the first card of the hand, Discard;
- counting, Jubilee: the first card the hand names "can play", until every card is played;
- betting, Injun: Bet 1 or Call;
- patience, Relógio: Turn (and Keep the King when one comes up), until the game stops.

The seeds are the shortest deals of the first ones tried with these moves against the table's seeded bots.
Every wait is for a state of the accessibility tree (a live region's new text, a focused control), never a time.
Screenshots: test-artifacts/walk-<family>.png.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from widgets.deal_code import table_code
from widgets.deal_link import link_query

from .table_page import dealt, open_lesson

pytestmark = pytest.mark.browser

#: the next deal has begun (a match of several deals), or the game is over (a patience)
DEAL_OVER = re.compile(r"Deal 2\b|Press New deal|Game over")
YOUR_TURN = re.compile(r"Your turn|A sua vez")
#: Tabs (either way) a control may be from the focus before the walk says a key cannot reach it
MAX_TABS = 30


@dataclass(frozen=True)
class Walk:
    game: str
    players: int
    seed: int
    level: str


WALKS = {
    "tricks": Walk("klaberjass", 2, 3, "easy"),  # 19 moves, 9 yours
    "rummy": Walk("rummy", 2, 4, "hard"),  # 29 moves, 12 yours: Ada goes out
    "counting": Walk("jubilee", 2, 2, "easy"),  # 61 cards, 30 yours
    "betting": Walk("injun", 2, 6, "easy"),  # you bet 1, Ada raises, you call
    "patience": Walk("relogio", 1, 290, "easy"),  # 23 turns
}


def focused(page: Page) -> str:
    """The focused control as Chromium's accessibility tree has it (``- button "Take ♥"``), or the page."""
    here = page.locator(":focus")
    if not here.count():
        return "the page body"
    return here.first.aria_snapshot().splitlines()[0]


def focus_name(page: Page) -> str:
    found = re.match(r"""- '?\w+ "(.*)"(?: \[\w+\])*'?$""", focused(page))
    return found.group(1) if found else ""


def on_a_move(page: Page) -> None:
    """At the learner's turn the focus is on a move they can make now: not the page, not a card or button they
    may not use (a reader would hear a refusal), not an aid (Hint, Undo)."""
    line = focused(page)
    assert line != "the page body" and "[disabled]" not in line and not re.search(r'"(Hint|Undo)"', line), \
        f"at your turn the focus is on {line}"


def tab_to(page: Page, wanted: re.Pattern[str]) -> int:
    """Tab until the focused control's accessible name matches ``wanted`` (backwards with Shift+Tab if not
    found forwards); how many keys that took. Fails when no key reaches it: a move the keyboard cannot make."""
    for key, most in (("Tab", MAX_TABS), ("Shift+Tab", 2 * MAX_TABS)):
        for n in range(most):
            if wanted.search(focus_name(page)):
                return n
            page.keyboard.press(key)
    raise AssertionError(f"no Tab reaches a control named {wanted.pattern!r}; the focus is on {focused(page)}")


def arrow_to(page: Page, wanted: str) -> None:
    """In a row of cards: Home, then → until the focused card is called ``wanted`` (its whole spoken name)."""
    page.keyboard.press("Home")
    for _ in range(30):
        if focus_name(page) == wanted:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrows never reach {wanted!r}; the focus is on {focused(page)}")


#: Records each new text of the table's live regions (aria-live, marked by widgets/static/focus_keeper.js) in
#: ``window.parlourHeard``, as a screen reader hears them: a region emptied and refilled is heard again.
_LISTEN = """(root) => {
  window.parlourHeard = [];
  const observer = new MutationObserver((changes) => {
    const regions = new Set(changes.map((c) => (c.target.nodeType === 1 ? c.target : c.target.parentElement)
      ?.closest('[aria-live]')).filter(Boolean));
    for (const region of regions) {
      const text = region.innerText.trim();
      if (text) window.parlourHeard.push(text);
    }
  });
  observer.observe(root, {subtree: true, childList: true, characterData: true});
}"""
#: The first thing a live region said since the ``n``-th that tells the learner's own move ("You ...", "Você ...").
_SAID_BY_YOU = """([n, you]) => window.parlourHeard.slice(n).find((text) => new RegExp(you, 'u').test(text))
  || null"""


class Reader:
    """What the learner hears of one table: its live regions and its controls, all read from the tree."""

    def __init__(self, page: Page, table: Locator, you: str = "You", hand: str = "Your hand",
                 playable: str = "can play") -> None:
        self.page, self.table = page, table
        #: the words a reader hears at this table: the learner's name in the log, the hand's, "can play"
        self.you, self.hand_name, self.playable = you, hand, playable
        self.status = table.get_by_role("status").filter(has_text=re.compile(r"\S"))
        self.news = table.get_by_role("log")
        self.heard: list[str] = []

    def hand(self) -> Locator:
        return self.table.get_by_role("toolbar", name=re.compile(rf"^{self.hand_name}"))

    def snapshot(self) -> str:
        return self.table.aria_snapshot()

    def listen(self) -> None:
        """Keep what the table's polite live regions say, each change once, as a screen reader hears them."""
        self.table.evaluate(_LISTEN)

    def press(self, key: str, says: str | None = None) -> None:
        """``key`` makes a move: wait until a live region says what the learner did ("You play A♣"; ``says``, a
        pattern, for a move told otherwise), and for the focus to be on a control of the table, not the page."""
        said = self.page.evaluate("() => window.parlourHeard.length")
        self.page.keyboard.press(key)
        pattern = says or rf"(^|\s){self.you}\s"
        found = self.page.wait_for_function(_SAID_BY_YOU, arg=[said, pattern], timeout=30_000)
        self.heard.append(found.json_value())
        expect(self.table.locator(":focus")).to_have_count(1, timeout=10_000)

    def wait_for_turn(self, offers: Locator) -> str | None:
        """Until a move of the learner's is offered (one of ``offers``, read by role and name) or the deal is
        over (the status line or the log says so); the table's tree then, or None when the deal is over."""
        over = self.table.get_by_role("status").filter(has_text=DEAL_OVER).or_(
            self.table.get_by_role("log").filter(has_text=DEAL_OVER))
        # the status line is painted after the controls and the log: once it says "Your turn" the rest is new
        turn = self.status.filter(has_text=YOUR_TURN)
        expect(offers.or_(over).first).to_be_attached(timeout=90_000)
        if over.count():
            return None
        expect(turn).to_have_count(1, timeout=30_000)
        expect(offers.first).to_be_attached()
        return self.snapshot()


def open_walk(page: Page, server: str, walk: Walk) -> Reader:
    code = table_code(walk.players, walk.seed)
    open_lesson(page, server + f"voila/render/{walk.game}.ipynb?{link_query(code, walk.level, walk.game)}")
    table = dealt(page.locator(".parlour.parlour-play-table").first, code)
    reader = Reader(page, table)
    expect(reader.status).to_contain_text(re.compile(r"\S"), timeout=180_000)
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name=re.compile("Go to the table"))).to_be_focused()
    page.keyboard.press("Enter")
    expect(table.locator(":focus")).to_have_count(1, timeout=60_000)  # the link took the focus to the table
    reader.listen()
    return reader


def play_a_card(reader: Reader, tree: str) -> None:
    """Play the first card the hand names "can play", from the keyboard."""
    can_play = re.compile(rf'^\s*- button "([^"]+), {reader.playable}"', re.M)
    name = can_play.search(reader.hand().aria_snapshot())
    assert name, tree
    tab_to(reader.page, re.compile(rf"(, {reader.playable}|: .+)$"))  # into the hand: its one card in the Tab order
    arrow_to(reader.page, f"{name.group(1)}, {reader.playable}")
    reader.press("Enter")


def press_button(reader: Reader, label: str, says: str | None = None) -> None:
    tab_to(reader.page, re.compile(rf"^{re.escape(label)}"))
    reader.press("Enter", says)


def step(family: str, reader: Reader, tree: str) -> None:
    """The learner's next move in ``family``'s walkthrough, from what the tree offers."""
    if family == "tricks" and re.search(r'button "Take[^"]*"(?! \[disabled\])', tree):
        press_button(reader, "Take")
    elif family in ("tricks", "counting"):
        play_a_card(reader, tree)
    elif family == "betting":
        press_button(reader, "Call" if re.search(r'button "Call \d[^"]*"(?! \[disabled\])', tree) else "Bet 1")
    elif family == "patience":
        if re.search(r'button "Keep the King"(?! \[disabled\])', tree):
            press_button(reader, "Keep the King", says=r"King number \d")  # "K♠ goes face up under the centre."
        else:
            press_button(reader, "Turn")
    elif family == "rummy":
        if re.search(r'button "Stock[^"]*, can play"', tree):
            tab_to(reader.page, re.compile(r"^Stock.*can play$"))
            reader.press("Enter")
            return
        tab_to(reader.page, re.compile(r"^\S+ of \w+(, selected)?, can play$"))
        reader.page.keyboard.press("Home")
        reader.page.keyboard.press("Enter")  # selects the card: the hand says so
        expect(reader.hand().get_by_role("button", name=re.compile(r", selected, can play$"))).to_have_count(1)
        press_button(reader, "Discard")


def offers(family: str, reader: Reader) -> Locator:
    """The controls that offer the learner a move in ``family``'s walkthrough, by role and name."""
    table, enabled = reader.table, re.compile
    playable = reader.hand().get_by_role("button", name=re.compile(rf", {reader.playable}$"))
    if family == "tricks":
        return playable.or_(table.get_by_role("button", name=enabled(r"^Take\b"), disabled=False))
    if family == "counting":
        return playable
    if family == "rummy":
        return table.get_by_role("button", name=re.compile(r"^Stock.*, can play$")).or_(playable)
    if family == "betting":
        return table.get_by_role("button", name=re.compile(r"^(Call \d|Bet 1$)"), disabled=False)
    return table.get_by_role("button", name=re.compile(r"^(Turn|Keep the King)$"), disabled=False)


@pytest.mark.parametrize("family", list(WALKS))
def test_a_whole_deal_by_keyboard_and_ear(family, voila_server, voila_page, save_screenshot):
    page, walk = voila_page, WALKS[family]
    page.set_viewport_size({"width": 1280, "height": 800})
    reader = open_walk(page, voila_server, walk)
    moves = 0
    while (tree := reader.wait_for_turn(offers(family, reader))) is not None:
        on_a_move(page)
        step(family, reader, tree)
        moves += 1
        assert moves < 80, f"{family}: the deal did not end in 80 moves"
    save_screenshot(page, f"walk-{family}", full_page=False)
    assert moves, f"{family}: no move was made"
    over = reader.snapshot()
    assert DEAL_OVER.search(over), over



#: a card as a reader hears it at a Portuguese table: "Valete de paus, pode jogar", "Ás de espadas: <why not>"
PORTUGUESE_CARD = re.compile(r'button "(Ás|Rei|Dama|Valete|10|[2-9]) de (espadas|copas|ouros|paus)'
                             r'(, pode jogar|: [^"]+)"')


def test_a_portuguese_table_speaks_portuguese(voila_server, voila_page, save_screenshot):
    """Jubileu's Portuguese lesson, by keyboard and ear: its link, its hand and cards (and the bots' face-down
    hands), the status line and the log's news in Portuguese, from passes in the auction to a card played."""
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    code = table_code(4, 5)
    open_lesson(page, voila_server + f"voila/render/pt/jubileu.ipynb?{link_query(code, 'medium', 'jubileu')}")
    table = dealt(page.locator(".parlour.parlour-play-table").first, code)  # the link's deal, not the first one
    reader = Reader(page, table, you="Você", hand="As suas cartas", playable="pode jogar")
    expect(reader.status).to_contain_text(YOUR_TURN, timeout=180_000)
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Ir para a mesa")).to_be_focused()
    page.keyboard.press("Enter")
    expect(table.locator(":focus")).to_have_count(1, timeout=60_000)
    reader.listen()
    spoken = reader.hand().aria_snapshot()
    assert re.match(r'- toolbar "As suas cartas"', spoken), spoken
    assert PORTUGUESE_CARD.search(spoken), spoken
    assert re.search(r"- status: A sua vez\. Declare", reader.status.aria_snapshot()), reader.status.aria_snapshot()
    assert re.search(r'- group "13 cartas viradas para baixo"', reader.snapshot())  # each bot's hand, named once

    playable = reader.hand().get_by_role("button", name=re.compile(r", pode jogar$"))
    passing = table.get_by_role("button", name="Passo", exact=True, disabled=False)
    for _ in range(8):  # pass in the auction (a deal all pass is thrown in) until a card of yours is asked for
        tree = reader.wait_for_turn(playable.or_(passing))
        if tree is None or playable.count():
            break
        on_a_move(page)
        press_button(reader, "Passo")
        assert re.search(r"\bVocê passa\b", reader.heard[-1]), reader.heard
    expect(playable.first).to_be_attached()
    expect(reader.status).to_contain_text("A sua vez")
    on_a_move(page)
    play_a_card(reader, reader.snapshot())
    assert re.search(r"\bVocê joga [0-9AKQJ]", reader.heard[-1]), reader.heard
    save_screenshot(page, "walk-portuguese", full_page=False)
