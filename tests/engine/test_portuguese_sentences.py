"""Every game that speaks Portuguese says every event and refusal from the catalog (issue 36 item 1).

Seeded games of each game in :data:`PT_GAMES` are played with ``lang="pt"``; at every step the acting seat
also tries moves it may not make (moves legal elsewhere in the game, a move that is no move, a seat out of
turn). Every sentence it reads must come from the catalog (a template marked ``N_`` that has a Portuguese
translation, so no English source string reaches a Portuguese page), fill every field, and hold no word of
:data:`ENGLISH` (words spelled the same in both languages are left out of that list). The catalog's
entries for these games are all used and all translated.
"""

from __future__ import annotations

import random
import re
import unicodedata
from pathlib import Path

import pytest

import engine
from engine import i18n
from engine.i18n import Sentence
from engine.protocol import GENERAL_RULES

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "engine/locale/pt/LC_MESSAGES/parlour.po"

#: (game id, players, seeds): each game that takes lang="pt", played with random legal moves from these seeds.
PT_GAMES: list[tuple[str, int, tuple[int, ...]]] = [
    ("jubileu", 4, (3, 11)),
    ("jubilee", 3, (1, 2, 5)),
    ("relogio", 1, (1, 2, 3, 4, 5, 6)),
    ("relogio_real", 1, (1, 2, 3)),
    ("el_gato", 4, (1, 2, 3)),
    ("injun", 4, (1, 2, 3)),
    ("klaberjass", 2, (1, 2, 3, 4)),
    ("jabberwocky", 4, (1, 2, 3)),
    ("rummy", 3, (1, 2, 3, 4)),
    ("kalooki", 4, (1, 2, 3, 4)),
]

#: Variants whose rules speak sentences of their own, played in turn with the seeds above (the first: defaults).
VARIANTS: dict[str, list[dict[str, object]]] = {
    "jubilee": [{}, {"first_play": "black"}],
    "relogio": [{}, {"king_swap": "fourth_king"}],
    "el_gato": [{}, {"guerra": "any_pair"}],
    "injun": [{}, {"style": "brag"}],
    "klaberjass": [{}, {"schmeiss": True, "dix": True, "maker_tie": "held_over", "turn_up": "out_of_play"}],
    "jabberwocky": [{}, {"revoke": "table", "scoring": "classic"}],
    "rummy": [{}, {"scoring": "penalty", "block": True, "rebuilds": 0}],
    "kalooki": [{"deals": [1, 9]}, {"deals": [5], "trinidad_jokers": True, "joker_swaps": True, "trinidad_calls": True,
                                    "challenge": True, "max_rebuilds": 1}],
}

#: English words a Portuguese sentence must not hold. Words both languages spell the same ("a", "as", "no",
#: "do", "face", "move", "some") are not listed; game names and card symbols are not words of either.
ENGLISH = frozenset("""
the and or of to is are was were be been it its this that these those with without from for by into onto
you your yours he his him she her they their them we our who whom which what when where why how then than
there here not never only every each all any none nobody everyone anyone someone both either neither
has have had does did can cannot could may might must will would shall should
deal deals dealt dealer card cards hand hands stock pile piles count counts play plays played player players
pass passes passed draw draws drew drawn score scores scored point points match game over wins win won lose
loses lost first last next turn turns turned put puts take takes taken goes go gone up down under
trick tricks trump trumps suit suits king kings queen jack ace aces joker black red hearts spades clubs
diamonds centre center clock hour hours chip chips pot bet bets raise raises fold folds call calls show
shows ante war cat seat seats left right still again once twice more less most least moves
""".split())

#: Words inside quotes like 'play 7S' are the game's notation (what a learner types), not a language.
NOTATION = re.compile(r"'[^']*'")


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", NOTATION.sub(" ", text))}


def _check(text: object, where: str) -> None:
    """One sentence a Portuguese page shows: from the catalog, every field filled, no English word."""
    assert isinstance(text, Sentence), f"{where}: not a catalog sentence: {text!r}"
    pt = i18n.catalog("pt")
    assert text.lang == "pt", f"{where}: said in {text.lang!r}: {text!r}"
    assert pt.gettext(text.message) != text.message or not _words(text.message) & ENGLISH, \
        f"{where}: no Portuguese for {text.message!r}"
    assert not re.search(r"\{[^{}]*\}", str(text)), f"{where}: a field left unfilled: {text!r}"
    english = _words(str(text)) & ENGLISH
    assert not english, f"{where}: English words {sorted(english)} in {str(text)!r}"
    for value in text.fields.values():
        if isinstance(value, Sentence):
            _check(value, where)


def _names(players: int) -> list[str]:
    return ["Você", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo"][:players]


def _play(game_id: str, players: int, seed: int, options: dict[str, object],
          max_moves: int = 300) -> tuple[int, int]:
    """Play one seeded game in Portuguese, checking every event and the refusals met on the way."""
    game = engine.new_game(game_id, players=players, seed=seed, names=_names(players), lang="pt", **options)
    chooser = random.Random(seed)
    tried: set[str] = {"?"}
    events = refusals = 0
    for _ in range(max_moves):
        if game.is_over:
            break
        acting = game.to_act()
        seat = acting[chooser.randrange(len(acting))]
        legal = [str(a) for a in game.legal_actions(seat)]
        tried.update(legal)
        others = [s for s in range(game.players) if s not in acting]
        if others:
            with pytest.raises(engine.IllegalAction) as refused:
                game.apply(legal[0], others[0])
            _check(refused.value.args[0], f"{game_id} out of turn")
        probes = [a for a in sorted(tried) if a not in legal]
        made = None
        for action in chooser.sample(probes, min(3, len(probes))):
            try:  # a move listed for another position may still be allowed here (an amount off the menu)
                made = game.apply(action, seat)
                break
            except engine.IllegalAction as refused:
                _check(refused.args[0], f"{game_id} refusing {action!r}")
                refusals += 1
        for event in made if made is not None else game.apply(legal[chooser.randrange(len(legal))], seat):
            _check(event.text, f"{game_id} {event.kind} event")
            for text, _ in (event.secret or {}).values():
                _check(text, f"{game_id} {event.kind} event (secret)")
            events += 1
    return events, refusals


@pytest.mark.parametrize("game_id, players, seeds", PT_GAMES, ids=[g for g, _, _ in PT_GAMES])
def test_every_event_and_refusal_reads_in_portuguese(game_id: str, players: int, seeds: tuple[int, ...]):
    first = engine.new_game(game_id, players=players, seed=seeds[0], names=_names(players), lang="pt")
    for event in first.events:  # what the game says before anyone moves (the deal)
        _check(event.text, f"{game_id} {event.kind} event")
    events = refusals = 0
    variants = VARIANTS.get(game_id, [{}])
    for k, seed in enumerate(seeds):
        e, r = _play(game_id, players, seed, variants[k % len(variants)])
        events, refusals = events + e, refusals + r
    assert events > 20 and refusals > 5


@pytest.mark.parametrize("game_id, players", [(g, p) for g, p, _ in PT_GAMES], ids=[g for g, _, _ in PT_GAMES])
def test_every_rule_text_reads_in_portuguese(game_id: str, players: int):
    """Why? shows a rule's words (Game.rule_text): at a Portuguese table each rule of the game's book, and the
    general rules every game cites, reads from the catalog; at an English table it reads as the book writes it."""
    pt = engine.new_game(game_id, players=players, seed=1, names=_names(players), lang="pt")
    en = engine.new_game(game_id, players=players, seed=1)
    for rule_id in [*pt.rules, *GENERAL_RULES]:
        _check(pt.rule_text(rule_id), f"{game_id} rule {rule_id}")
        book = pt.rules if rule_id in pt.rules else GENERAL_RULES
        assert en.rule_text(rule_id) == book[rule_id].text


def _block_of(header: str) -> str:
    """A block's game ("# ---- Relógio Real ----" → "relogio_real")."""
    plain = unicodedata.normalize("NFKD", header).encode("ascii", "ignore").decode()
    return re.sub(r"\W+", "_", plain.strip().lower()).strip("_")


def _catalog_blocks() -> dict[str, list[str]]:
    """The msgids appended under each "# ---- <game> ----" comment of the .po (up to the next comment)."""
    blocks: dict[str, list[str]] = {}
    current = None
    for line in PO.read_text(encoding="utf-8").splitlines():
        header = re.fullmatch(r"# ---- (.+) ----", line)
        if header:
            current = blocks.setdefault(_block_of(header.group(1)), [])
        elif line.startswith("# "):  # another comment: what follows is some other part's
            current = None
        elif current is not None and line.startswith('msgid "'):
            current.append(line[7:-1].encode().decode("unicode_escape").encode("latin-1").decode("utf-8"))
    return blocks


def _sources(game_id: str) -> list[Path]:
    return [ROOT / "engine/games" / f"{game_id}.py", ROOT / "engine/protocol.py"]


@pytest.mark.parametrize("game_id", [g for g, _, _ in PT_GAMES])
def test_the_catalog_translates_every_sentence_of_the_game_and_keeps_none_unused(game_id: str):
    messages = i18n.extract_messages(*_sources(game_id))
    pt = i18n.catalog("pt")
    untranslated = [m for m in messages if pt.gettext(m) == m and _words(m) & ENGLISH]
    assert untranslated == []
    cls = engine.GAMES[game_id]
    names = {game_id, _block_of(cls.name)}
    entries = [m for block, ids in _catalog_blocks().items() if block in names for m in ids]
    used = set(i18n.extract_messages(*(ROOT / "engine/games").glob("*.py"), ROOT / "engine/protocol.py"))
    assert [m for m in entries if m not in used] == []
    assert game_id == "jubileu" or entries, f"no '# ---- {game_id} ----' block in the catalog"


def test_the_learner_alone_in_a_pot_reads_in_good_english():
    """Injun said "You alone is still in for the second pot: take its 10." (the one English fix of this work)."""
    game = engine.new_game("injun", players=2, seed=4, names=["You", "Ada"])
    chooser = random.Random(4)
    for _ in range(5):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(legal[chooser.randrange(len(legal))], seat)
    assert "You alone are still in for the second pot: take its 10." in [e.text for e in game.events]


def test_the_learner_is_voce_inside_a_portuguese_sentence():
    """A table names the learner "Você"; inside a sentence (after a colon too) Portuguese writes "você"."""
    said = i18n.Sentence.in_language("pt", "{after} is a multiple of 100: {who} scores +20.", after=100, who="Você")
    assert said == "100 é múltiplo de 100: você marca +20."
    assert i18n.Sentence.in_language("pt", "{who} plays {card}.", who="Você", card="7♥") == "Você joga 7♥."
    assert i18n.Sentence("{after} is a multiple of 100: {who} scores +20.", after=100, who="You") == \
        "100 is a multiple of 100: You score +20."  # English as it always read
