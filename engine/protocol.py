"""The one shape every Parlour game has (see docs/engine.md).

A game object holds a whole match. It is driven by actions written in notation
("play 7S", "bid 3", "pass"); every change it makes is an :class:`Event` that
cites a rule, so the table's log, the "Why?" buttons and the lessons all narrate
from the same sentences. Saves are the seed, the options and the history: loading
replays them, so a tampered save cannot smuggle in an impossible position.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Mapping, Protocol, Sequence, TypedDict

from .cards import Card, CardError, parse_card
from .notation import quoted
from .review_thresholds import Thresholds
from .shuffle import seed_int
from .i18n import LANGUAGES, N_, Sentence
from .words import count, inside, is_you, verb_for

SAVE_FORMAT = 1
MAX_ACTION_LENGTH = 60  # the longest real move is a few words; longer text is refused before parsing
#: The largest whole number any option may hold (chips, points, deals, limits): far beyond any real
#: game, and small enough that every number prints and saves (Python refuses to print 5,000 digits).
MAX_OPTION_NUMBER = 10**9
def _oversized(value: Any, depth: int = 3) -> bool:
    """Any whole number in ``value`` (or in lists of them, a few deep) beyond :data:`MAX_OPTION_NUMBER`."""
    if isinstance(value, (list, tuple)):
        return depth > 0 and any(_oversized(v, depth - 1) for v in value)
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_OPTION_NUMBER


class ParlourError(ValueError):
    """Base of the errors a learner may cause; the message says what is wrong."""


class IllegalAction(ParlourError):
    """A move the rules forbid; ``rule`` is the id of the rule it breaks."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class OptionError(ParlourError):
    """A game set up with an option, player count or deck it cannot have."""


class SaveError(ParlourError):
    """A save that is not valid JSON, was altered, or replays an illegal move."""


# ---- Rules, options, actions, events -------------------------------------------

@dataclass(frozen=True)
class Rule:
    id: str
    text: str


class Rulebook(Mapping[str, Rule]):
    """A game's rules in one place: events and errors cite them by id."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self._rules = {r.id: r for r in rules}

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __iter__(self):
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)


GENERAL_RULES = Rulebook([
    Rule("turn.order", N_("Players act in turn; only the player whose turn it is may move.")),
    Rule("game.over", N_("When the game is over nobody may move.")),
])


@dataclass(frozen=True)
class Option:
    """A variant: a keyword argument with its default, allowed values, and why it exists."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], str | None] | None = None  # returns a complaint, or None

    def validate(self, value: Any) -> None:
        # strict: True == 1 and 1 == 1.0 in Python, but ace_high=1 or rounds=3.0 is not a choice offered
        if self.choices is not None and not any(type(value) is type(c) and value == c for c in self.choices):
            raise OptionError(f"option {self.name}={quoted(value)} is not allowed: choose one of "
                              + ", ".join(repr(c) for c in self.choices))
        if _oversized(value):
            raise OptionError(f"option {self.name}={quoted(value)} is out of range: numbers in a game's "
                              f"options go from -{MAX_OPTION_NUMBER:,} to {MAX_OPTION_NUMBER:,}")
        if self.check is not None and (problem := self.check(value)):
            raise OptionError(f"option {self.name}={quoted(value)}: {problem}")


def _seat_or_none(value: Any) -> str | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return None
    return "a seat number or None"


def first_dealer_option(doc: str = "The seat that deals first; None draws for it with the seed.") -> Option:
    """The variant every dealt game has: who deals first. Its range is checked by :meth:`Game.first_dealer_seat`."""
    return Option("first_dealer", None, doc, check=_seat_or_none)


def language_option() -> Option:
    """The variant of every game that speaks more than English: the language of its events and refusals
    (:meth:`Game.tr`; the catalogs of engine/i18n.py)."""
    return Option("lang", "en", "The language the game speaks: 'en' or 'pt'.", choices=LANGUAGES)


@dataclass(frozen=True)
class Action:
    """A move in notation: ``verb`` and an optional canonical argument."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else f"{self.verb}"

    @classmethod
    def play(cls, card: Card) -> "Action":
        return cls("play", str(card))

    @property
    def card(self) -> Card:
        return parse_card(self.arg)


@dataclass(frozen=True)
class Event:
    """Something that happened, the rule it applied, and a sentence saying so.

    ``secret`` maps a seat to what that seat alone sees instead (the card it drew);
    everyone else reads ``text``.
    """

    kind: str
    rule: str
    text: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[int, tuple[str, dict[str, Any]]] | None = None

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        text, data = self.text, self.data
        if self.secret and seat in self.secret:
            text, extra = self.secret[seat]
            data = {**data, **extra}
        return {"kind": self.kind, "rule": self.rule, "text": text, "seat": self.seat, "data": data}

    @property
    def points(self) -> int:
        return int(self.data.get("points", 0))


# ---- What a match is: how far it has gone, and what each deal scored -------------

class Progress(TypedDict):
    """How far a match has gone, the same keys for every game (``game.progress()``, ``view["progress"]``)."""

    deal: int  #: the deal being played, counted from 1 (the last one once the match is over)
    deals: int | None  #: how many deals the match has at most; None when it runs until someone wins
    target: int | None  #: the score the match is played to, when it is a race to a score
    lowest_wins: bool  #: whether the lowest total wins (the rules class says; a variant may change it)


class DealResult(TypedDict):
    """One finished deal of a match (``game.deal_results()``), the same keys for every game."""

    deal: int  #: 1, 2, … in the order played
    points: list[int]  #: what the deal added to each seat's score, in the units of ``game.scores``
    how: str | None  #: how the deal ended, when the game names it ("rummy", "stalemate", "block")


class ViewHeader(TypedDict):
    """The keys every ``view(seat)`` starts with (:meth:`Game.view_header`); each game's view type adds its own."""

    game: str
    seat: int
    players: int
    names: list[str]
    options: dict[str, Any]
    progress: Progress


# ---- The game protocol ----------------------------------------------------------

class Game:
    """Base of every rules class. Subclasses deal in ``_setup`` and move in ``_apply``."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    blurb: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    default_players: ClassVar[int] = 2
    variants: ClassVar[tuple[Option, ...]] = ()  # the options a game accepts, with defaults
    rules: ClassVar[Rulebook] = Rulebook([])
    # The module with the bots and hints; by default ``<this module>_ai`` beside the game.
    advisor_module: ClassVar[str] = ""
    # Whether a player ever chooses between moves (El Gato: never, so bots have no strength to
    # pick), and whether ``scores`` tell players apart while they play (El Gato: only who lost).
    has_choices: ClassVar[bool] = True
    has_scores: ClassVar[bool] = True
    #: Whether the lowest total wins the match (Kalooki's penalty points); ``progress()`` carries it.
    lowest_wins: ClassVar[bool] = False
    #: What one deal of a match is called on the table: "deal", or "round" (Jabberwocky).
    deal_word: ClassVar[str] = "deal"
    #: The ``TypedDict`` naming every key of ``view(seat)``; the protocol test checks views against it.
    view_type: ClassVar[type | None] = None
    #: How much a move may cost before the review calls it an inaccuracy, a mistake or a blunder, in the
    #: game's units (engine/review_thresholds.py); every game with choices declares it (tests/engine/test_review.py).
    review_thresholds: ClassVar[Thresholds | None] = None
    #: The options of the shortest whole match (one deal, or two where a match needs more): tests and benches
    #: that play matches to their end start them with ``new_game(game_id, **cls.short_match)``.
    short_match: ClassVar[Mapping[str, Any]] = {}
    #: The lean core: a narration-free ``Deal`` (``copy``, ``from_view``, ``to_act``, ``legal``, ``apply``) that
    #: the game holds in play as ``self.deal`` and search plays out, and the cards a view's seat cannot see.
    #: Declared by every game (tests/engine/test_lean_protocol.py).
    lean_deal: ClassVar[type]
    lean_unseen: ClassVar[Any]  # a staticmethod: (view) -> list of cards
    #: Longer text is refused before parsing; a game whose moves list many cards (a Kalooki lay-down) raises it.
    max_action_length: ClassVar[int] = MAX_ACTION_LENGTH

    def __init__(self, players: int | None = None, seed: int | str = 0,
                 deck: Sequence[Card | str] | None = None,
                 names: Sequence[str] | None = None, **options: Any) -> None:
        players = self.default_players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) \
                or not self.min_players <= players <= self.max_players:
            allowed = (count(self.min_players, "player")
                       if self.min_players == self.max_players else f"{self.min_players} to {self.max_players} players")
            raise OptionError(f"{self.name} is for {allowed}, not {quoted(players)}")
        try:
            self.seed = seed_int(seed)
        except ValueError as exc:
            raise OptionError(str(exc)) from None
        self.players = players
        self.options = self.resolve_options(options)
        if deck is not None and not isinstance(deck, (list, tuple)):
            raise OptionError(f"deck= is a list of cards like ['AS', '10H'], not {type(deck).__name__}")
        try:
            self.deck = None if deck is None else [parse_card(c) for c in deck]
        except CardError as exc:
            raise OptionError(f"deck=: {exc}") from None
        self.names = _checked_names(names, players)
        self._history: list[tuple[int, Action]] = []
        self._events: list[Event] = []
        self._setup()

    # -- options --
    @classmethod
    def option_defaults(cls) -> dict[str, Any]:
        return {o.name: o.default for o in cls.variants}

    @classmethod
    def resolve_options(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in cls.variants}
        for key in given:
            if key not in known:
                listed = ", ".join(known) or "none"
                raise OptionError(f"{cls.name} has no option {quoted(key)} (its options: {listed})")
        resolved = cls.option_defaults()
        for key, value in given.items():
            known[key].validate(value)
            resolved[key] = value
        return resolved

    def first_dealer_seat(self) -> int | None:
        """The ``first_dealer`` option, checked against this game's seats (None: draw for it)."""
        first = self.options["first_dealer"]
        if first is not None and first >= self.players:
            raise OptionError(f"first_dealer={first}: seats are 0 to {self.players - 1}")
        return first

    def view_header(self, seat: int) -> dict[str, Any]:
        """What every view starts with: which game, whose view, the table, its options, the match's progress."""
        self._check_seat(seat)
        return {"game": self.id, "seat": seat, "players": self.players, "names": list(self.names),
                "options": dict(self.options), "progress": self.progress()}

    # -- the match --
    def progress(self) -> Progress:
        """How far the match has gone; a game of one deal is deal 1 of 1.

        >>> import engine
        >>> engine.new_game("jubilee", players=3, seed=7).progress()
        {'deal': 1, 'deals': 3, 'target': None, 'lowest_wins': False}
        """
        return self.match_progress(1, 1)

    def match_progress(self, deal: int, deals: int | None, target: int | None = None,
                       lowest_wins: bool | None = None) -> Progress:
        """A :class:`Progress`; ``lowest_wins`` defaults to the rules class's declaration."""
        return Progress(deal=deal, deals=deals, target=target,
                        lowest_wins=self.lowest_wins if lowest_wins is None else lowest_wins)

    def deal_results(self) -> list[DealResult]:
        """Each finished deal: what it added to every seat's score. A game of one deal has one, at its end.

        >>> import engine
        >>> engine.new_game("el_gato", seed=1).deal_results()
        []
        """
        return [DealResult(deal=1, points=list(self.scores), how=None)] if self.is_over else []

    # -- what subclasses provide --
    def _setup(self) -> None:
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def why_illegal(self, action: Action | str, seat: int | None = None) -> str | None:
        """The rule an action breaks, in words; None when it is legal. Used for tooltips.

        >>> import engine
        >>> g = engine.new_game("jubilee", players=3, seed=7)
        >>> g.why_illegal("play 10S"), g.why_illegal("play 10S", 2)
        (None, "It is Player 2's turn, not Player 3's.")
        """
        try:
            act = self.parse_action(action)
        except IllegalAction as exc:
            return str(exc)
        seat = self.current_player if seat is None else seat
        if self.is_over or seat is None:
            return self._said(Sentence(N_("The game is over: no more moves.")))
        try:
            self._check_seat(seat)
            if seat not in self.to_act():
                return self._not_your_turn(seat)
            if self._allows(seat, act):
                return None
            act = self._reread(action, act)
        except IllegalAction as exc:
            return str(exc)
        if self._allows(seat, act):
            return None
        return self._explain_illegal(seat, act)[0]

    def _allows(self, seat: int, action: Action) -> bool:
        """Is ``action`` legal for ``seat``? A game whose move list offers a bounded set of amounts
        overrides this to accept every legal amount (docs/engine.md, "Games with amounts")."""
        return action in self._legal(seat)

    def _reread(self, given: Action | str, act: Action) -> Action:
        """An Action built by hand (``Action("bid", "²")``) is read again from its notation, so a
        refusal is explained from a well-formed move, never from text no parser has checked."""
        return self.parse_action(str(given)) if isinstance(given, Action) else act

    def _explain_illegal(self, seat: int, action: Action) -> tuple[str, str | None]:
        return f"{action} is not a legal move now.", None

    def parse_action(self, action: Action | str) -> Action:
        """Read notation into an action; games override to accept shorthand."""
        if isinstance(action, Action):
            if not (isinstance(action.verb, str) and isinstance(action.arg, str)):
                raise IllegalAction(f"{quoted(action)} is not a move: a move's words are text, like 'play 7H'.")
            if len(action.verb) + len(action.arg) < self.max_action_length:
                return action
            action = str(action)  # an Action built by hand with odd parts: refused as the text it spells
        if not isinstance(action, str) or not action.strip():
            raise IllegalAction(f"{quoted(action)} is not a move")
        if len(action) > self.max_action_length:
            raise IllegalAction(f"{quoted(action[:20])}… is not a move: it is {len(action)} characters long, "
                                "and a move is a few words, like 'play 7H' or 'bid 2'.")
        verb, _, arg = action.strip().partition(" ")
        return Action(verb.lower(), arg.strip())

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def scores(self) -> list[int]:
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as JSON-able data: its hand, never another's (the keys: ``view_type``).

        >>> import engine
        >>> v = engine.new_game("jubilee", players=3, seed=7).view(1)
        >>> v["seat"], v["hand"][:3], v["hand_sizes"]
        (1, ['10S', 'KS', 'JK'], [8, 8, 8])
        """
        raise NotImplementedError

    # -- the protocol --
    def to_act(self) -> list[int]:
        """Seats that may act now; more than one when a game lets players act out of turn.

        The seat whose turn it is comes first; then, nearest first, any who may act out of turn:

        >>> import engine
        >>> engine.new_game("kalooki", players=3, seed=2).to_act()  # the upcard may be called
        [2, 0, 1]
        """
        return [] if self.current_player is None else [self.current_player]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The moves ``seat`` (by default the player to act) may make now; [] when it may not act.

        >>> import engine
        >>> g = engine.new_game("jubilee", players=3, seed=7)
        >>> [str(a) for a in g.legal_actions()][:3], g.legal_actions(0)
        (['play 10S', 'play KS', 'play JK'], [])
        """
        seat = self.current_player if seat is None else self._check_seat(seat)
        if seat is None or self.is_over or seat not in self.to_act():
            return []
        return self._legal(seat)

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Make a move (by default for the player to act) and return the events it caused.

        A move the rules forbid raises :class:`IllegalAction` naming the rule, and changes nothing:

        >>> import engine
        >>> g = engine.new_game("jubilee", players=3, seed=7)
        >>> [(e.kind, e.rule) for e in g.apply("play 10S")]
        [('play', 'jubilee.values'), ('draw', 'jubilee.turn')]
        >>> g.apply("play 3H")
        Traceback (most recent call last):
        engine.protocol.IllegalAction: Player 3 does not hold 3♥.
        """
        if self.is_over:
            raise IllegalAction(f"The game is over: {quoted(action)} cannot be played.", "game.over")
        act = self.parse_action(action)
        seat = self._check_seat(self.current_player if seat is None else seat)
        if seat not in self.to_act():
            raise IllegalAction(self._not_your_turn(seat), "turn.order")
        if not self._allows(seat, act):
            act = self._reread(action, act)
        if not self._allows(seat, act):
            message, rule = self._explain_illegal(seat, act)
            raise IllegalAction(message, rule)
        start = len(self._events)
        self._history.append((seat, act))
        try:
            self._apply(seat, act)
        except Exception:  # never leave a half-made move behind
            self._restore(self._history[:-1])
            raise
        return self._events[start:]

    def _check_seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"There is no seat {quoted(seat)}: seats are 0 to {self.players - 1}.",
                                "turn.order")
        return seat

    def _not_your_turn(self, seat: int) -> str:
        who = self.current_player
        if who is None:
            return self._said(Sentence(N_("Nobody may move now.")))
        if is_you(self.names[seat]):
            return self._said(Sentence(N_("It is {who}'s turn, not yours."), who=self.names[who]))
        if is_you(self.names[who]):  # "It is You's turn" is not English: the learner's turn is "your turn"
            return self._said(Sentence(N_("It is your turn, not {seat}'s."), seat=self.names[seat]))
        return self._said(Sentence(N_("It is {who}'s turn, not {seat}'s."), who=self.names[who],
                                   seat=self.names[seat]))

    def _said(self, sentence: Sentence) -> str:
        """A refusal in the game's language (a game with a ``lang`` option); English keeps the Sentence."""
        return sentence if self.lang == "en" else Sentence.in_language(self.lang, sentence.message, **sentence.fields)

    # -- words: every event and refusal is a template marked N_, translated, then filled --
    @property
    def lang(self) -> str:
        """The language the game speaks: its ``lang`` option (engine/i18n.py), English for a game without one."""
        lang = self.options.get("lang", "en")
        return lang if isinstance(lang, str) else "en"

    def tr(self, message: str, **fields: Any) -> Sentence:
        """``message`` (a template marked ``N_``) in the game's language, its fields filled, a verb after a
        field naming the learner agreeing ("You play"): a Sentence, so it keeps its template and fields."""
        return Sentence.in_language(self.lang, message, **fields)

    def card_symbol(self, card: Card) -> str:
        """A card as a sentence shows it, in the game's language: ``10♥``; a joker is "Joker" ("Curinga")."""
        return self.tr(N_("Joker")) if card.is_joker else card.symbol

    def narrate(self, kind: str, rule: str, message: str, seat: int | None = None,
                secret: dict[int, tuple[str, dict[str, Any]]] | None = None, data: dict[str, Any] | None = None,
                **fields: Any) -> None:
        """An event: its kind, the rule it applies, and its sentence (``message`` with ``fields``, :meth:`tr`)."""
        self._emit(kind, rule, self.tr(message, **fields), seat=seat, secret=secret, **(data or {}))

    @property
    def history(self) -> list[tuple[int, str]]:
        return [(seat, str(action)) for seat, action in self._history]

    @property
    def events(self) -> list[Event]:
        return list(self._events)

    def events_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The log as one seat sees it (None: a spectator, who sees no secrets)."""
        if seat is not None:
            self._check_seat(seat)
        return [e.seen_by(seat) for e in self._events]

    def _emit(self, kind: str, rule: str, text: str, seat: int | None = None,
              secret: dict[int, tuple[str, dict[str, Any]]] | None = None, **data: Any) -> None:
        self._events.append(Event(kind, rule, text, seat, data, secret))

    def rule_text(self, rule_id: str) -> str:
        """The words of a rule (Why?), in the game's language: every rule book's texts are marked ``N_``."""
        book = self.rules if rule_id in self.rules else GENERAL_RULES
        return self.tr(book[rule_id].text)

    def verb(self, seat: int, verb: str) -> str:
        """``"plays"`` as this seat says it: tables may name the learner "You" ("You play")."""
        return verb_for(self.names[seat], verb)

    def subject(self, seat: int, verb: str, first: bool = True) -> str:
        """``"Ada plays"`` / ``"You play"``; ``first=False`` inside a sentence (``"and you play"``)."""
        name = self.names[seat] if first else inside(self.names[seat])
        return f"{name} {self.verb(seat, verb)}"

    # -- copies, undo, saves --
    def setup_args(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed,
                "deck": None if self.deck is None else [str(c) for c in self.deck],
                "names": list(self.names), **self.options}

    def replayed(self, history: Sequence[tuple[int, Action | str]]) -> "Game":
        """A new game: same set-up, with these moves made (each checked again)."""
        game = type(self)(**self.setup_args())
        for seat, action in history:
            game.apply(action, seat)
        return game

    def _restore(self, history: Sequence[tuple[int, Action]]) -> None:
        fresh = self.replayed(history)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def undo(self, moves: int = 1) -> None:
        """Take back the last ``moves`` moves (replaying from the deal).

        >>> import engine
        >>> g = engine.new_game("jubilee", players=3, seed=7)
        >>> _ = g.apply("play 10S"); g.undo(); g.history, g.current_player
        ([], 1)
        """
        if isinstance(moves, bool) or not isinstance(moves, int) or not 0 < moves <= len(self._history):
            raise IllegalAction(f"There are only {len(self._history)} moves to take back.", "turn.order")
        self._restore(self._history[:-moves])

    def undo_to_seat(self, seat: int) -> int:
        """Take back ``seat``'s last move and everything after it; returns how many moves."""
        self._check_seat(seat)
        for back, (who, _) in enumerate(reversed(self._history), start=1):
            if who == seat:
                self.undo(back)
                return back
        if is_you(self.names[seat]):
            raise IllegalAction(Sentence(N_("You have not moved yet: nothing to take back.")), "turn.order")
        raise IllegalAction(Sentence(N_("{who} has not moved yet: nothing to take back."), who=self.names[seat]),
                            "turn.order")

    def clone(self) -> "Game":
        return self.replayed(self._history)

    def to_json(self) -> str:
        body = {"format": SAVE_FORMAT, "game": self.id, **self.setup_args(),
                "history": self.history}
        body["check"] = _checksum(body)
        return json.dumps(body, ensure_ascii=False)

    def __repr__(self) -> str:
        return (f"engine.new_game({self.id!r}, players={self.players}, seed={self.seed}"
                + "".join(f", {k}={v!r}" for k, v in self.options.items()
                          if v != self.option_defaults()[k]) + ")")


MAX_NAME_LENGTH = 40
SAVE_KEY_ENV = "PARLOUR_SAVE_KEY"


def _checked_names(names: Any, players: int) -> list[str]:
    """``names=``: one short, non-empty string per seat (a save may carry anything here)."""
    if names is None:
        return [f"Player {i + 1}" for i in range(players)]
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise OptionError(f"names= is a list of {count(players, 'name')} (text), not {quoted(names)}")
    if len(names) != players:
        raise OptionError(f"names= needs {players} names, got {len(names)}")
    if not all(0 < len(n.strip()) <= MAX_NAME_LENGTH for n in names):
        raise OptionError(f"names=: each name is 1 to {MAX_NAME_LENGTH} characters")
    return list(names)


def _checksum(body: Mapping[str, Any]) -> str:
    """The save's check. Without a key it only detects accidents (a truncated or hand-edited file):
    anyone can recompute it, and it need not do more, since loading replays every move through the
    rules. A classroom server that wants saves it wrote to be unforgeable sets ``PARLOUR_SAVE_KEY``:
    the check is then an HMAC-SHA256 keyed with that secret."""
    text = json.dumps({k: v for k, v in body.items() if k != "check"}, sort_keys=True, ensure_ascii=False)
    key = os.environ.get(SAVE_KEY_ENV)
    if key:
        return hmac.new(key.encode(), text.encode(), hashlib.sha256).hexdigest()[:32]
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class _TurnKeeper(Protocol):
    """A lean deal that keeps whose turn it is (Injun's says None once its deal is settled)."""

    @property
    def turn(self) -> int | None: ...


class TakesTurns:
    """For a game whose lean deal keeps whose turn it is in ``deal.turn``, and the game its end in ``_over``.

    Most games are one player after another until the end; their protocol answers about whose
    turn it is read straight from those two fields (``class Jubilee(TakesTurns, Game)``).
    """

    deal: _TurnKeeper
    _over: bool

    @property
    def current_player(self) -> int | None:
        return None if self._over else self.deal.turn

    @property
    def is_over(self) -> bool:
        return self._over
