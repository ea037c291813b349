"""Bad input, at random, for every game in engine.GAMES (issue 8, items 7a, 7b, 7d; docs/engine.md
"An error changes nothing"). Typed text (Unicode digits, huge numbers, markup), moves for the wrong
seat or a seat that does not exist, and corrupted saves: every refusal is a ParlourError whose message
a learner can read, and the game is exactly as it was (its save and every seat's view). A game added
to engine/games/ is covered here without a change."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine
from engine.notation import read_number

from .helpers import snapshot

GAME_IDS = sorted(engine.GAMES)
UNICODE_DIGITS = ["²", "³", "¹", "٣", "۷", "߃", "३", "৪", "７", "𝟕", "½", "Ⅻ", "⑦", "〇"]
TOKENS = ["play", "bid", "swap", "bet", "raise", "call", "fold", "see", "chip", "keep", "turn", "pass",
          "move", "flip", "7H", "10S", "QC", "5Or", "10Co", "JK", "K", "7", "10", "0", "-3", "+2", ":", "/",
          " ", "  ", "\t", "\n", "<b>", "</b>", "<script>alert(1)</script>", "&amp;", "'", '"', "\\", "{}",
          "[1]", "None", "nan", "inf", "1e9", "0x10", "١٢", "9" * 12, "9" * 5000, "\u200b", "🃏", "♥", "♠"]
BAD_SEATS = [-1, 99, "0", 1.0, True, [0]]  # (None means "the player to act")


def random_text(rng: random.Random) -> str:
    parts = [rng.choice(TOKENS + UNICODE_DIGITS) for _ in range(rng.randint(1, 4))]
    return rng.choice(["", " "]).join(parts)


def with_unicode_digits(text: str, rng: random.Random) -> str:
    """A real move with its ASCII digits swapped for look-alikes that str.isdigit() accepts."""
    return "".join(rng.choice(UNICODE_DIGITS) if ch.isdigit() else ch for ch in text)


def readable(message: str) -> None:
    assert message and len(message) < 400, message
    assert "invalid literal" not in message and "Traceback" not in message, message


def positions(game_id: str, rng: random.Random) -> list[engine.Game]:
    """The game at its start and after some random legal moves (a few positions per game)."""
    out = []
    for k, moves in enumerate((0, 7, 23)):
        g = engine.new_game(game_id, seed=1000 + k)
        for _ in range(moves):
            if g.is_over:
                break
            seat = g.to_act()[0]
            g.apply(rng.choice(g.legal_actions(seat)), seat)
        out.append(g)
    return out


def refused_or_undone(g: engine.Game, action: object, seat: object) -> None:
    """Apply a random input: a refusal is a ParlourError that changes nothing; a legal move is undone."""
    before = snapshot(g)
    try:
        g.apply(action, seat)  # type: ignore[arg-type]
    except engine.ParlourError as exc:
        readable(str(exc))
        assert snapshot(g) == before, f"refusing {action!r} for seat {seat!r} changed the game"
    else:
        g.undo()
        assert snapshot(g) == before
    why = g.why_illegal(action, seat)  # type: ignore[arg-type]
    assert why is None or isinstance(why, str)
    assert snapshot(g) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_text_is_refused_with_a_readable_parlour_error(game_id):
    rng = random.Random(game_id)
    for g in positions(game_id, rng):
        if g.is_over:
            continue
        seat = g.to_act()[0]
        legal = [str(a) for a in g.legal_actions(seat)]
        inputs: list[object] = [random_text(rng) for _ in range(120)]
        inputs += [with_unicode_digits(a, rng) for a in legal[:20]]
        inputs += [a + " " + "9" * 5000 for a in legal[:3]] + ["9" * 5000, "²", "bid ²", "play ²H", "swap 7:²",
                                                             "bet ²", "raise ٣", "bid ٣", "swap ٣:1"]
        inputs += [engine.Action("bid", "²"), engine.Action("play", "²H"), engine.Action("swap", "7:²"),
                   engine.Action("bet", "9" * 5000), engine.Action("swap", "x"), engine.Action("", ""),
                   None, 7, 3.5, [], {"play": "7H"}, b"play 7H"]
        for action in inputs:
            refused_or_undone(g, action, seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_for_the_wrong_seat_or_no_seat_change_nothing(game_id):
    rng = random.Random(game_id)
    for g in positions(game_id, rng):
        if g.is_over:
            continue
        acting = g.to_act()
        legal = g.legal_actions(acting[0])
        for action in legal[:5]:
            for seat in [s for s in range(g.players) if s not in acting] + BAD_SEATS:
                before = snapshot(g)
                with pytest.raises(engine.IllegalAction) as err:
                    g.apply(action, seat)  # type: ignore[arg-type]
                readable(str(err.value))
                assert snapshot(g) == before
                assert isinstance(g.why_illegal(action, seat), str)  # type: ignore[arg-type]
        for seat in BAD_SEATS + [None]:
            with pytest.raises(engine.IllegalAction):
                g.view(seat)  # type: ignore[arg-type]
        for moves in (0, -1, 10**6, "1", 1.5):
            before = snapshot(g)
            with pytest.raises(engine.IllegalAction):
                g.undo(moves)  # type: ignore[arg-type]
            assert snapshot(g) == before


def mutated_saves(text: str, rng: random.Random) -> list[object]:
    """Corruptions of a real save: cut, garbled, nested, and set-ups of the wrong type whose checksum
    is recomputed (so only validation can catch them)."""
    out: list[object] = [text[:n] for n in sorted(rng.sample(range(len(text)), 8))]
    for _ in range(8):
        i = rng.randrange(len(text))
        out.append(text[:i] + rng.choice(["²", "}", "\"", "9" * 50, "[", "\x00"]) + text[i + 1:])
    out += ["[" * 100_000, "{\"a\":" * 50_000, "", "null", "[]", "\"save\"", "1" * 5000, None, 42, b"\xff\xfe"]
    body = json.loads(text)
    players = body["players"]
    wrong = {
        "names": [list(range(players)), "Ada", [None] * players, [""] * players, ["x" * 500] * players,
                  [["A"]] * players, {"0": "Ada"}],
        "players": ["2", 2.0, None, True, -1, 10**9, [2]],
        "seed": [-1, 1.5, None, [], "²²²²²²", "9" * 5000, {"a": 1}],
        "deck": [5, "AS KH", [1, 2], [None], ["²H"], {"AS": 1}],
        "history": ["play 7H", [[0]], [["0", "play"]], [[0, None]], [[0.5, "play"]], [[True, "x"]], {"0": 1}],
        "game": [None, 5, ["jubilee"], "JUBILEE", "²"],
        "format": [None, "1", 2],
    }
    for option in engine.GAMES[body["game"]].variants:
        wrong[option.name] = ["²", -1, 1.5, [], {}, None, "yes"]
    wrong["surplus"] = [1]
    for key, values in wrong.items():
        for value in values:
            bad = dict(body, **{key: value})
            bad["check"] = engine.protocol._checksum(bad)
            out.append(json.dumps(bad))
    bad = dict(body)
    del bad["names"]
    out.append(json.dumps(bad))  # not recomputed: the checksum catches it
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_corrupted_saves_raise_save_error_only(game_id):
    rng = random.Random(game_id)
    g = positions(game_id, rng)[1]
    text = g.to_json()
    for save in mutated_saves(text, rng):
        try:
            loaded = engine.load_game(save)  # type: ignore[arg-type]
        except engine.SaveError as exc:
            readable(str(exc))
        else:  # a corruption that is still a valid save (None for an option with a None default …)
            assert loaded.id == game_id
            loaded.view(0)
    assert engine.load_game(text).to_json() == text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_impossible_set_ups_are_option_errors(game_id):
    cls = engine.GAMES[game_id]
    for value in ["²", -1, 1.5, [], {}, "yes", object()]:
        for option in cls.variants:
            try:
                engine.new_game(game_id, **{option.name: value})
            except engine.OptionError as exc:
                readable(str(exc))
    for kwargs in ({"players": "2"}, {"players": 1.5}, {"seed": "²"}, {"seed": -3}, {"names": [1, 2]},
                   {"deck": 5}, {"deck": ["²H"]}, {"names": "AB"}):
        with pytest.raises(engine.OptionError) as err:
            engine.new_game(game_id, **kwargs)
        readable(str(err.value))


def test_one_number_reader_takes_ascii_digits_of_a_sane_length_only():
    """Issue 8, 7a: str.isdigit() accepts "²" (then int() fails) and "٣" (then int() reads 3)."""
    assert read_number("12") == 12 and read_number(" 7 ") == 7 and read_number("0") == 0
    assert read_number("-3", signed=True) == -3 and read_number("-3") is None
    for text in ["²", "٣", "７", "1²", "", " ", "+", "-", "1.5", "1e3", "9" * 10, "9" * 5000, None, 3]:
        assert read_number(text) is None, text
    assert engine.parse_card("10H") == engine.parse_card("TH")
    for text in ["²H", "١٠H", "1²Or", "٣Co"]:
        with pytest.raises(engine.CardError):
            engine.parse_card(text)
    for code in ["hello", "K7Q", "K7QM3P9", "²²²²²²", "K7QM3²", ""]:  # a deal code is exactly 6 of its letters
        with pytest.raises(ValueError):
            engine.decode_deal_code(code)
        with pytest.raises(engine.OptionError):
            engine.new_game("jubilee", seed=code)
    assert engine.decode_deal_code("k7q-m3p") == engine.decode_deal_code("K7QM3P")


def test_a_keyed_checksum_stops_forged_saves(monkeypatch):
    """Issue 8, 7b (docs/engine.md "The checksum detects accidents, not forgery"): with PARLOUR_SAVE_KEY set
    the check is an HMAC, so a save edited and re-hashed without the key is refused."""
    game = engine.new_game("jubilee", players=2, seed=5)
    game.apply(game.legal_actions()[0])
    plain = game.to_json()
    body = json.loads(plain)
    body["names"] = ["Mallory", "Bob"]
    body["check"] = engine.protocol._checksum(body)  # a forger who knows the (public) hash
    forged = json.dumps(body)
    assert engine.load_game(forged).names[0] == "Mallory"  # without a key: accidents only, as documented
    monkeypatch.setenv("PARLOUR_SAVE_KEY", "classroom secret")
    keyed = game.to_json()
    assert json.loads(keyed)["check"] != json.loads(plain)["check"]
    assert engine.load_game(keyed).history == game.history
    for text in (plain, forged):
        with pytest.raises(engine.SaveError, match="altered"):
            engine.load_game(text)
    monkeypatch.delenv("PARLOUR_SAVE_KEY")
    with pytest.raises(engine.SaveError, match="altered"):
        engine.load_game(keyed)


# ---- Hostile values through every entry point of the Python API (issue 32, item 6) ---------------------

HOSTILE_CALLS = 300  #: calls per game: a bounded budget, counted, so a run is the same on any machine


def _deep(levels: int) -> list:
    nested: list = []
    for _ in range(levels):
        nested = [nested]
    return nested


DEEP = _deep(100_000)  # repr() of it hits the recursion limit
HUGE = 10**5000  # str() of it hits Python's digit limit
HOSTILE: list[object] = [HUGE, -HUGE, [HUGE], [[HUGE]], {"a": HUGE}, DEEP, [DEEP], (DEEP,), [[1]], [[9] * 10_000],
                         "x" * 10**6, ["x" * 10**6], [1.5], [None], {1, 2}, {"AS": [DEEP]}, b"\xff" * 10_000,
                         float("nan"), float("inf"), -1, 2**63, object(), engine.Action("play", "x" * 10**6),
                         engine.Action(HUGE, DEEP), "play " + "9" * 5000, "", None, True]  # type: ignore[arg-type]


def hostile(rng: random.Random) -> object:
    return rng.choice(HOSTILE + TOKENS)


_REVIEWS: dict[str, object] = {}


def review_of_seat_0(g: engine.Game) -> object:
    """The review of seat 0, made on ``g`` itself the first time and kept by the game's save: a hostile test
    reviews its one position about 30 times (the game is as it was after each call), and a review (a hint at
    every decision) is most of the test's time; every later call would only repeat the first."""
    save = g.to_json()
    if save not in _REVIEWS:
        _REVIEWS[save] = engine.review(g, 0)
    return _REVIEWS[save]


def hostile_call(game_id: str, g: engine.Game, rng: random.Random) -> object:
    """One call of the engine's Python API with a hostile value in one place."""
    cls = engine.GAMES[game_id]
    value = hostile(rng)
    kind = rng.randrange(9)
    if kind == 0:
        key = rng.choice([o.name for o in cls.variants] + ["players", "names", "deck", "seed", "first_dealer"])
        return engine.new_game(game_id, **{key: value})  # type: ignore[arg-type]
    if kind == 1:
        return g.apply(value, rng.choice([None, value, 0]))  # type: ignore[arg-type]
    if kind == 2:
        why = g.why_illegal(value, rng.choice([None, value]))  # type: ignore[arg-type]
        assert why is None or isinstance(why, str)
        return why
    if kind == 3:
        return rng.choice([g.view, g.events_for, g.legal_actions, g.undo, g.undo_to_seat])(value)
    if kind == 4:
        return engine.load_game(value)  # type: ignore[arg-type]
    if kind == 5:
        return engine.hint(g, value)  # type: ignore[arg-type]
    if kind == 6:  # review a seat, or a game whose moves are all forced (El Gato, Relógio Real)
        seat = rng.choice([0, value])
        if type(seat) is int and seat == 0:  # the same review each time (the game is as it was): made once
            return review_of_seat_0(g)
        return engine.review(g, seat)  # type: ignore[arg-type]
    if kind == 7:
        return engine.new_game(game_id, seed=rng.randrange(99), **{rng.choice(cls.variants).name: value}) \
            if cls.variants else engine.new_game(game_id, players=value)  # type: ignore[arg-type]
    return engine.new_game(rng.choice([game_id, value]))  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_values_raise_only_the_projects_errors_in_short_messages(game_id):
    """Huge numbers, lists nested 100,000 deep, a million characters, wrong types in every option (Kalooki's
    deals=[[1]]), and a review of a game with no decisions: each call either works or raises a ParlourError
    whose message quotes a few dozen characters at most. Anything else is counted, and the count must be 0."""
    rng = random.Random(f"hostile {game_id}")
    g = positions(game_id, rng)[1]
    before = snapshot(g)
    outside: Counter[str] = Counter()
    for _ in range(HOSTILE_CALLS):
        try:
            result = hostile_call(game_id, g, rng)
        except engine.ParlourError as exc:
            assert len(str(exc)) < 300, str(exc)[:500]
        except Exception as exc:  # noqa: BLE001 (counted: the test's whole point)
            outside[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
        else:
            if isinstance(result, str):
                assert len(result) < 300, result[:500]
            if snapshot(g) != before:  # a hostile value that happened to be a legal move
                g.undo()
        assert snapshot(g) == before
    assert outside == Counter(), outside


def test_the_issues_inputs_are_refused_with_the_projects_error():
    """Issue 32, item 6, each case as reported."""
    relogio = engine.new_game("relogio")
    cases = [lambda: engine.new_game("relogio", deck=[HUGE]), lambda: engine.new_game("relogio", names=HUGE),
             lambda: relogio.apply(HUGE), lambda: engine.new_game("jubilee", first_dealer=DEEP),
             lambda: engine.new_game("jubilee", players=DEEP), lambda: relogio.apply(DEEP),
             lambda: engine.new_game("kalooki", deals=[[1]]),
             lambda: engine.review(engine.new_game("el_gato"), 0),
             lambda: engine.review(engine.new_game("relogio_real"), 0)]
    for case in cases:
        with pytest.raises(engine.ParlourError) as err:
            case()
        assert len(str(err.value)) < 150, str(err.value)
    for value in (HUGE, DEEP):
        assert "is not a move" in relogio.why_illegal(value)  # type: ignore[arg-type, operator]
    with pytest.raises(engine.ParlourError, match="nothing to review|no decisions to review"):
        engine.review(engine.new_game("el_gato"), 0)
