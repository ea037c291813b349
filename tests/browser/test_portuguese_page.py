"""A Portuguese page in Chromium reads Portuguese (issue 36 items 2 and 3): each Portuguese lesson (Jubileu,
Relógio, Relógio Real, El Gato, Injun), played to its first hint (with its figures under "Mais") and its first
"Por quê?", shows decimal commas in the figures, no decimal point, and no English word from the list below, in
its text, its tooltips, its screen-reader labels and its card pictures' titles; screenshots of each table at
1280×800 and 420×900 (test-artifacts/portuguese-*.png, pt-*.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, expect

from .table_page import button, deal_table, open_lesson

pytestmark = pytest.mark.browser

LESSON = "voila/render/pt/jubileu.ipynb"
DEAL_CODE = "4-00001V"  # Ben and Cleo bid before you (tests/browser/test_jubileu_app.py): the hint weighs bids

#: English words a Portuguese page must not show: the table's and the hint's words, the cards' names, the
#: lesson checks' words ("bots": the page says "robôs").
ENGLISH = {
    "the", "and", "you", "your", "is", "are", "to", "of", "with", "for", "not", "this", "that", "has", "have",
    "turn", "deal", "deals", "game", "play", "plays", "click", "log", "easy", "medium", "hard", "score", "scores",
    "hint", "why", "undo", "new", "wait", "over", "under", "card", "cards", "bot", "bots", "player", "players",
    "settings", "teacher", "show", "all", "hands", "hand", "copy", "speed", "again", "move", "moves", "points",
    "rule", "thinking", "ace", "king", "queen", "jack", "spades", "hearts", "diamonds", "clubs", "joker",
    "selected", "choose", "from", "found", "find", "more", "less", "next", "previous", "back", "chips", "chip",
    "trick", "tricks", "trump", "bid", "bids", "pass", "review", "accuracy", "cost", "better", "imagined",
    "average", "likely", "unlikely", "whatever", "others", "partner", "dealer", "auction", "wins", "won", "only",
    "lead", "suit", "check", "right", "quite", "answer", "level", "match", "round",
    # the book's games: the clock, the packets, the pot and its bets
    "pile", "piles", "clock", "centre", "hour", "face", "down", "swap", "keep", "step", "finish", "autoplay",
    "packet", "packets", "safe", "tie", "pot", "bet", "raise", "fold", "call", "chip", "on", "in", "lesson",
}
#: Words both languages write alike: kept out of the check ("for": "enquanto a declaração em vigor for mais
#: baixa", the lesson's Portuguese).
SAME_IN_BOTH = {"for", "link", "solo", "jubileu", "ada", "ben", "cleo"}

#: Everything a person reads or hears on the page: the text, every tooltip and label, every card's title.
PAGE_WORDS = """() => {
    const root = document.querySelector('#rendered_cells');
    const said = [root.innerText];
    for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]')) {
        said.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '',
                  el.getAttribute('placeholder') || '');
    }
    for (const t of root.querySelectorAll('svg title')) said.push(t.textContent);
    return said.filter(Boolean);
}"""


def english_words(texts: list[str]) -> dict[str, list[str]]:
    """Each English word of the list found, with the words around its first few appearances."""
    found: dict[str, list[str]] = {}
    for text in texts:
        for word in re.finditer(r"[A-Za-zÀ-ÿ]+", text):
            if word.group().lower() in ENGLISH - SAME_IN_BOTH:
                found.setdefault(word.group().lower(), []).append(text[max(0, word.start() - 60):word.end() + 60])
    return {w: around[:3] for w, around in found.items()}


def test_the_list_catches_english_and_passes_portuguese():
    assert english_words(["Queen of spades, selected", "Cards to choose from", "for the bots"]).keys() == {
        "queen", "of", "spades", "selected", "cards", "to", "choose", "from", "the", "bots"}
    assert not english_words(["Dama de espadas, selecionada", "Cartas para escolher", "os robôs", "Copiar link",
                              "Solo Sete", "A sua vez. Clique numa carta (ou use ← → e Enter)."])


def open_first_hint(table: Locator) -> Locator:
    """Press "Dica" and open its figures under "Mais": the hint's detail, shown."""
    button(table, "Dica").click()
    expect(table.locator("[data-testid=hint-headline]")).to_be_visible(timeout=120_000)
    more = table.locator("button.parlour-hint-more")
    expect(more).to_have_text(re.compile("Mais"))
    more.click()
    detail = table.locator(".parlour-hint-detail")
    expect(detail).to_be_visible(timeout=30_000)
    return detail


def open_first_why(table: Locator) -> None:
    """The first "Por quê?" of the log, once its rule is shown."""
    table.locator(".parlour-log-row").first.get_by_role("button", name="Por quê?").click()
    expect(table.locator(".parlour-why")).to_contain_text("regra:", timeout=30_000)


def test_the_portuguese_jubileu_page_speaks_portuguese_to_its_first_hint_and_why(voila_server, voila_page,
                                                                                 save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, voila_server + LESSON)
    table = deal_table(page, DEAL_CODE)
    status = table.locator(".parlour-status")
    expect(status).to_contain_text("A sua vez", timeout=90_000)

    # the first hint: its headline, then its figures under "Mais"
    detail = open_first_hint(table)
    expect(detail).to_contain_text(re.compile(r"[+\-−]\d+,\d\d"))   # the figures: "+0,00", "−6,75 fichas"
    figures = detail.inner_text()
    assert not re.search(r"\d\.\d", figures), figures                 # no decimal point left
    assert re.search(r"\d+% das \d+ distribuições", figures), figures  # a share as Portuguese writes it

    open_first_why(table)

    # the hand's cards: named in Portuguese, to the eye (title) and to a screen reader (aria-label)
    first_card = table.locator(".parlour-card").first
    expect(first_card).to_have_attribute(
        "aria-label", re.compile(r"^(Ás|Rei|Dama|Valete|\d+) de (espadas|copas|ouros|paus)"))

    said = page.evaluate(PAGE_WORDS)
    text = "\n".join(said)
    assert "Carta virada para baixo" in text or "de espadas" in text, text[:500]
    assert not english_words(said), english_words(said)
    assert not re.search(r"\d\.\d\d(?!\d)", text), re.findall(r".{30}\d\.\d\d.{10}", text)

    table.scroll_into_view_if_needed()
    save_screenshot(page, "portuguese-jubileu-table-1280x800", full_page=False)
    page.set_viewport_size({"width": 420, "height": 900})
    table.locator("[data-testid=hint-headline]").scroll_into_view_if_needed()
    save_screenshot(page, "portuguese-jubileu-table-420x900", full_page=False)
    crashes = [e for e in page.errors if e.startswith("pageerror")]
    assert not crashes, crashes


#: Each Portuguese lesson of the book's games: its deal code, and the figure with a decimal comma its page shows
#: once the hint's figures are open (None: none of its figures has decimals).
BOOK_LESSONS = [
    ("relogio", "1-00001V", r"\d,\d%"),         # the win rates: "7,7%"
    ("relogio_real", "1-00001V", r"\d,\d%"),
    ("el_gato", "4-00001V", None),               # whole percentages and counts only
    ("injun", "4-00001V", r"[+\-−]\d+,\d"),     # the hint's chips: "+0,2"
]


@pytest.mark.parametrize("game_id, code, decimal", BOOK_LESSONS, ids=[g for g, _, _ in BOOK_LESSONS])
def test_each_portuguese_lesson_of_the_books_games_speaks_portuguese_to_its_first_hint_and_why(
        game_id, code, decimal, voila_server, voila_page, save_screenshot):
    page = voila_page
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lesson(page, voila_server + f"voila/render/pt/{game_id}.ipynb")
    table = deal_table(page, code)
    expect(table.locator(".parlour-status")).to_contain_text("A sua vez", timeout=90_000)

    figures = open_first_hint(table).inner_text()
    assert not re.search(r"\d\.\d{1,2}(?!\d)", figures), figures  # "2.000 distribuições" is two thousand
    open_first_why(table)

    said = page.evaluate(PAGE_WORDS)
    text = "\n".join(said)
    assert not english_words(said), english_words(said)
    assert not re.search(r"\d\.\d{1,2}(?!\d)", text), re.findall(r".{30}\d\.\d{1,2}(?!\d).{10}", text)
    if decimal:
        assert re.search(decimal, text), decimal

    table.scroll_into_view_if_needed()
    save_screenshot(page, f"pt-{game_id}-1280x800", full_page=False)
    page.set_viewport_size({"width": 420, "height": 900})
    table.locator("[data-testid=hint-headline]").scroll_into_view_if_needed()
    save_screenshot(page, f"pt-{game_id}-420x900", full_page=False)
    crashes = [e for e in page.errors if e.startswith("pageerror")]
    assert not crashes, crashes
