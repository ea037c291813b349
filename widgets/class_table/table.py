"""One class table: its one game, its seats, its bots, the teacher's controls and its history.

Why one object with one lock: every seat's connection reaches the same game from its own thread (or the
server's loop), so whatever a message changes (a move, a seat taken, a pause) is checked and made under
the table's lock, recorded, and then each subscribed seat is sent its own state: what ``view(seat)``
holds and nothing else. No rule is decided here; the engine (``apply``, ``legal_actions``, ``view``,
``why_illegal``, ``events_for``, ``engine.review``) says what is legal and what each seat sees.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

import engine
from engine.notation import quoted
from engine.protocol import GENERAL_RULES, MAX_NAME_LENGTH, IllegalAction, ParlourError
from engine.review import review as engine_review
from engine.shuffle import seed_int
from engine.words import YOU_IN, is_you
from widgets.session import BOT_NAMES
from widgets.table_save import SeatBot

from .store import TableFile, token_hash

Send = Callable[[dict[str, Any]], None]
#: A settings part of a deal code: one digit per setting of the lesson's menus (widgets/settings.py)
SETTINGS_DIGITS = re.compile(r"[0-9]{0,20}")

#: The largest message a seat may send, as JSON text: a move is a few words, a control fewer.
MAX_MESSAGE_CHARS = 2000
#: A seat may send this many messages at once, then this many a second: a person clicks far slower.
BURST = 40
PER_SECOND = 8.0
#: A seat that sends faster is not listened to for this long; the other seats play on.
CUT_OFF_SECONDS = 60.0
#: Seconds a bot waits before its move (the same visible pause as at a table alone), and longer while a
#: person may act out of turn (Kalooki: call the discard), so that person has time to decide.
BOT_DELAY = 0.8
CALL_DELAY = 4.0

STATUSES = ("waiting", "playing", "paused", "between deals", "ended")
CONTROLS = ("start", "pause", "continue", "next_deal", "replace", "give_back", "undo", "end", "leave")
#: Controls only the teacher's seat may use; "start", "next_deal" and "end" are also the host's.
TEACHER_ONLY = ("pause", "continue", "replace", "give_back", "undo")
HOST_CONTROLS = ("start", "next_deal", "end")
#: Moves a table offers as buttons; each seat is told why those it may not make now are not allowed.
CARD_VERBS = ("play", "discard")
BUTTONS = ("play", "pass", "draw", "draw stock", "draw discard", "take", "call", "fold", "allow", "refuse")
_PROBE = "zzzz"  # a word no game knows: what the rules say of it is the refusal of an unknown move


class ClassTableError(ValueError):
    """A message, join or token the class table refuses; the text says what is wrong, and nothing changed."""


@dataclass(frozen=True)
class Seat:
    """A seat given to a person: the table's code, the seat's number, its token, and the teacher's controls."""

    code: str
    seat: int
    token: str
    teacher: bool


@dataclass
class Person:
    """Who holds a seat: a name, the hash of the seat's token, the hub's user, and how they are connected."""

    name: str
    token_hash: str
    user: str | None
    teacher: bool = False
    replaced: bool = False  # the teacher has given the seat to a bot for now
    error: str | None = None  # the last refusal of this seat's messages
    senders: list[Send] = field(default_factory=list)
    allowance: float = BURST
    allowance_at: float = 0.0
    cut_off_until: float = 0.0


@dataclass(frozen=True)
class SharedDeal:
    """A deal just finished at a class table, as the class's record store needs it: the match up to the deal's end
    and each person who played a seat through the whole deal (``seats``: (seat, who), ``who`` the hub's user, or the
    name typed at the table where there is no login). Copies: the table plays on while it is recorded."""

    code: str
    game_id: str
    setup: dict[str, Any]
    history: list[tuple[int, str]]
    deal: int
    level: str
    settings: str
    seats: list[tuple[int, str]]
    refusals: dict[int, dict[str, int]]  # seat → the rules it broke in this deal's refused moves, counted


OnDealOver = Callable[[SharedDeal], None]


class _Asked:
    """A stand-in bot that only notes the view it is asked to choose from (the real bot thinks unlocked)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None

    def choose(self, view: dict[str, Any]) -> str:
        self.view = view
        return ""


def checked_name(name: Any) -> str:
    """A person's name as the table shows it; a ClassTableError for one it cannot show."""
    if not isinstance(name, str):
        raise ClassTableError("A name is needed to take a seat: type the name the others will see.")
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise ClassTableError("A name is needed to take a seat: type the name the others will see.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ClassTableError(f"That name is {len(cleaned)} characters long; a name at the table has at most "
                              f"{MAX_NAME_LENGTH}.")
    if is_you(cleaned):
        raise ClassTableError(f"Choose another name: {quoted(cleaned)} is what the table calls each player's own "
                              "seat.")
    return cleaned


class ClassTable:
    """One shared game and its seats. Every public method takes the table's lock."""

    def __init__(self, code: str, game_id: str, *, players: int, options: dict[str, Any], seed: int | str,
                 level: str, clock: Callable[[], float], file: TableFile,
                 bot_delay: float = BOT_DELAY, call_delay: float = CALL_DELAY, settings: str = "",
                 on_deal_over: OnDealOver | None = None) -> None:
        self.lock = threading.RLock()
        self.code = code
        self.rules = engine.game_class(game_id)
        self.game_id = game_id
        self.players = players
        self.options = dict(options)
        try:
            self.seed = seed_int(seed)
        except ValueError as exc:
            raise ClassTableError(f"The table's deal: {exc}.") from None
        self.level = level
        if not isinstance(settings, str) or not SETTINGS_DIGITS.fullmatch(settings):
            raise ClassTableError("The table's settings are one digit per setting of the lesson's menus.")
        self.settings = settings
        self.on_deal_over = on_deal_over
        self.clock = clock
        self.file = file
        self.bot_delay, self.call_delay = bot_delay, call_delay
        self.people: dict[int, Person] = {}
        self.retired: set[str] = set()  # tokens of seats given up: refused with a sentence saying so
        self.status = "waiting"
        self.closed_reason: str | None = None
        self.match = 0  # matches played before this one (the teacher may deal a new match at the end of one)
        self.seq = 0
        self.last_activity = self.changed_at = clock()
        self._thinking = False  # a bot is choosing its move outside the lock
        self.game = self._dealt(self._names())
        self.deals_done = 0
        self.deal_of: list[int] = []  # the deal each move of the match was made in
        self.ended: set[tuple[int, int]] = set()  # (match, deal) of every deal that has come to its end
        self.movers: list[str | None] = []  # who made each move of the match: a person (user or name), None a bot
        self.refused: dict[tuple[int, int], Counter[str]] = {}  # (deal, seat) → rules its refused moves broke
        self.bots: dict[int, SeatBot] = {}
        self._make_bots()
        self.reviews: dict[tuple[int, int, int], dict[str, Any]] = {}  # (match, deal, seat) → its review
        self._states: dict[int, tuple[int, dict[str, Any]]] = {}  # seat → (seq, its state then)
        self._logs: dict[int, tuple[list[engine.Event], list[dict[str, Any]]]] = {}  # seat → (log, as it sees it)
        self._voices: dict[int, tuple[list[engine.Event], engine.Game]] = {}  # seat → (game's log, its voice)
        self._known: tuple[list[str], list[str]] | None = None

    # ---- the game and its seats ----
    def _dealt(self, names: list[str]) -> engine.Game:
        seed = self.seed if self.match == 0 else int.from_bytes(
            hashlib.sha256(f"{self.seed}:class-table-match:{self.match}".encode()).digest()[:8], "big")
        try:
            return self.rules(players=self.players, seed=seed, names=names, **self.options)
        except ParlourError as exc:
            raise ClassTableError(str(exc)) from None
        except TypeError as exc:
            raise ClassTableError(f"{self.rules.name} cannot be set up with these options ({exc}).") from None

    def _names(self) -> list[str]:
        taken = {p.name for p in self.people.values()}
        free = iter(n for n in BOT_NAMES if n not in taken)
        return [self.people[k].name if k in self.people else next(free) for k in range(self.players)]

    def _make_bots(self) -> None:
        self.bots = {k: SeatBot(self.game_id, self.level, self.game.seed, k, lambda: len(self.game._history))
                     for k in range(self.players) if not self._person_plays(k)}

    def _person_plays(self, seat: int) -> bool:
        person = self.people.get(seat)
        return person is not None and not person.replaced

    def _reseat(self) -> None:
        """After a seat changes hands: the game's names follow (replayed under them), and the bots."""
        names = self._names()
        if names != list(self.game.names):
            old = self.game
            fresh = self.rules(**{**old.setup_args(), "names": names})
            for who, action in old.history:
                fresh.apply(action, who)
            self.game = fresh
        self._make_bots()

    def host(self) -> Person | None:
        return self.people.get(0)

    # ---- records: every change is one, applied here and appended to the table's file ----
    def commit(self, record: dict[str, Any]) -> None:
        """Make the change ``record`` describes, keep it, and send every seat its new state; a move that ends a
        deal for the first time hands the deal to the record store's hook. Only here, and only once: a table
        replayed after a restart is not recorded twice, nor a deal the teacher took back at its end and played to
        its end again (a learner alone who undoes a finished deal is not recorded twice either: the first ending
        is the deal played)."""
        ended_before = set(self.ended)
        self.replay(record)
        self.file.append(record)
        self.changed()
        if record["t"] == "move" and self.status == "between deals" and self.on_deal_over is not None \
                and (self.match, self.deal_of[-1]) not in ended_before:
            self.on_deal_over(self.shared_deal(self.deal_of[-1]))

    def shared_deal(self, deal: int) -> SharedDeal:
        """Deal ``deal`` of the match, just finished, for the record: a person's seat counts only if that person
        made every one of its moves in the deal (not a bot while the seat was given to the computer, nor
        someone who left it)."""
        moves = [i for i, d in enumerate(self.deal_of) if d == deal]
        stop = moves[-1] + 1
        history = self.game.history[:stop]
        seats = []
        for k, person in sorted(self.people.items()):
            who = person.user or person.name
            made = [self.movers[i] for i in moves if history[i][0] == k]
            if made and all(m == who for m in made):
                seats.append((k, who))
        refusals = {k: dict(self.refused.pop((deal, k), Counter())) for k, _ in seats}
        return SharedDeal(self.code, self.game_id, self.game.setup_args(), history, deal, self.level, self.settings,
                          seats, refusals)

    def replay(self, record: dict[str, Any]) -> None:
        """Make one recorded change (a new server replays the file through here)."""
        kind = record["t"]
        if kind == "sit":
            self.people[record["seat"]] = Person(record["name"], record["token"], record.get("user"),
                                                 bool(record.get("teacher")))
            self._reseat()
        elif kind == "retoken":  # the hub's user came back from another browser: that browser's token now
            person = self.people[record["seat"]]
            self.retired.add(person.token_hash)
            person.token_hash = record["token"]
        elif kind == "leave":
            person = self.people.pop(record["seat"])
            self.retired.add(person.token_hash)
            self._reseat()
        elif kind == "move":
            deal = self.game.progress()["deal"]
            self.game.apply(record["action"], record["seat"])
            record["action"] = str(self.game._history[-1][1])  # as the rules wrote it ("play 10H", not "play th")
            self.deal_of.append(deal)
            mover = self.people.get(record["seat"])
            self.movers.append(None if record.get("bot") or mover is None or mover.replaced
                               else mover.user or mover.name)
            done = len(self.game.deal_results())
            if self.game.is_over or done > self.deals_done:
                self.status = "between deals"
                self.ended.add((self.match, deal))
            self.deals_done = done
        elif kind in ("start", "continue"):
            self.status = "playing"
        elif kind == "pause":
            self.status = "paused"
        elif kind == "next_deal":
            if self.game.is_over:
                self.match += 1
                self.game = self._dealt(self._names())
                self.deals_done, self.deal_of, self.movers = 0, [], []
                self.refused.clear()
                self._make_bots()
            self.status = "playing"
        elif kind in ("replace", "give_back"):
            self.people[record["seat"]].replaced = kind == "replace"
            self._make_bots()
        elif kind == "undo":
            self.game.undo(record["back"])
            del self.deal_of[len(self.game._history):]
            del self.movers[len(self.game._history):]
            self.deals_done = len(self.game.deal_results())
            if self.status == "between deals" and not self.game.is_over:
                self.status = "playing"
        elif kind == "end":
            self.status = "ended"
            self.closed_reason = record.get("reason")
        else:
            raise ValueError(f"unknown record {kind!r}")

    def changed(self) -> None:
        self.seq += 1
        self.changed_at = self.clock()
        self.notify()

    def notify(self, seats: list[int] | None = None) -> None:
        """Send each connected seat (or only ``seats``) its state. Sent under the lock: in order, and a
        sender must only queue the message (a transport's ``add_callback``), never block."""
        for k, person in list(self.people.items()):
            if (seats is not None and k not in seats) or not person.senders:
                continue
            state = self.state(k)
            for send in list(person.senders):
                try:
                    send(state)
                except Exception:  # a connection that fails to take a message is dropped; the table goes on
                    person.senders.remove(send)

    # ---- seats ----
    def new_token(self) -> str:
        return secrets.token_urlsafe(24)

    def seat_of(self, digest: str, user: str | None) -> tuple[int, Person]:
        """The seat whose token has this hash; a ClassTableError naming why the token is refused."""
        for k, person in self.people.items():
            if secrets.compare_digest(person.token_hash, digest):
                if person.user is not None and person.user != user:
                    raise ClassTableError("This seat belongs to another person signed in to the hub: join the "
                                          "table with its code to get a seat of your own.")
                return k, person
        if digest in self.retired:
            raise ClassTableError(f"This seat at table {self.code} was given up: join the table again with its "
                                  "code to take a free seat.")
        raise ClassTableError("This seat token is not one this server gave out: join the table with its code.")

    def sit(self, name: str, user: str | None, *, teacher: bool = False, seat: int | None = None) -> Seat:
        """Give a person the first free seat (one a bot plays), or their own seat back if the hub's user has one."""
        if self.status == "ended":
            raise ClassTableError(f"Table {self.code} has ended: ask for the code of a new table.")
        if user is not None:
            for k, person in self.people.items():
                if person.user == user:
                    raise _AlreadySeated(k)
        name = checked_name(name)
        if any(p.name == name for p in self.people.values()):
            raise ClassTableError(f"Someone at this table is already called {name}: choose another name.")
        free = [k for k in range(self.players) if k not in self.people]
        if seat is None:
            if not free:
                raise ClassTableError(f"Table {self.code} is full: all {self.players} seats are taken by people.")
            seat = free[0]
        token = self.new_token()
        self.commit({"t": "sit", "seat": seat, "name": name, "token": token_hash(token), "user": user,
                     "teacher": teacher})
        self.last_activity = self.clock()
        return Seat(self.code, seat, token, teacher)

    def subscribe(self, seat: int, send: Send) -> Callable[[], None]:
        person = self.people[seat]
        person.senders.append(send)
        self.last_activity = self.clock()
        self.seq += 1  # the others see this seat connected
        self.notify()

        def unsubscribe() -> None:
            with self.lock:
                if send in person.senders:
                    person.senders.remove(send)
                    self.seq += 1
                    self.notify()
        return unsubscribe

    # ---- messages ----
    def take_allowance(self, person: Person) -> None:
        """The per-seat rate limit: a seat that floods is cut off for a while; nobody else is slowed."""
        now = self.clock()
        if now < person.cut_off_until:
            raise ClassTableError(f"This seat sent too many messages too fast, so the table is not listening to "
                                  f"it for {round(CUT_OFF_SECONDS)} seconds; the others play on.")
        person.allowance = min(BURST, person.allowance + (now - person.allowance_at) * PER_SECOND)
        person.allowance_at = now
        if person.allowance < 1:
            person.cut_off_until = now + CUT_OFF_SECONDS
            raise ClassTableError(f"This seat sent more than {BURST} messages in a few seconds, so the table stops "
                                  f"listening to it for {round(CUT_OFF_SECONDS)} seconds; the others play on.")
        person.allowance -= 1

    def handle(self, seat: int, person: Person, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "move":
            self._move(seat, person, message)
        elif kind == "undo":
            self._undo(person)
        elif kind == "leave":
            if seat == 0:
                raise ClassTableError("The host cannot leave the table: end it instead, when everyone is done.")
            self.commit({"t": "leave", "seat": seat})
        else:
            self._control(seat, person, kind, message)
        self.last_activity = self.clock()

    def _move(self, seat: int, person: Person, message: dict[str, Any]) -> None:
        if "seat" in message and message["seat"] != seat:
            raise ClassTableError(f"A seat moves only for itself: this message is for seat {quoted(message['seat'])}, "
                                  f"and yours is seat {seat}.")
        if self.status != "playing":
            raise ClassTableError(self._not_playing())
        if person.replaced:
            raise ClassTableError("The teacher has given your seat to the computer for now: ask to have it back.")
        try:
            self.commit({"t": "move", "seat": seat, "action": message["action"]})
        except ParlourError as exc:  # the rules' own refusal: the engine changed nothing, nothing was kept
            said = self._voice(seat).why_illegal(str(message["action"]), seat) if isinstance(exc, IllegalAction) \
                else None
            rule = getattr(exc, "rule", None)
            if rule and (rule in self.rules.rules or rule in GENERAL_RULES):  # for the deal's record
                self.refused.setdefault((self.game.progress()["deal"], seat), Counter())[str(rule)] += 1
            raise ClassTableError(str(said or exc)) from None

    def _not_playing(self) -> str:
        host = self.host()
        who = host.name if host is not None else "the host"
        if self.status == "waiting":
            return f"The deal has not started yet: {who} starts it when everyone is seated."
        if self.status == "paused":
            return "The teacher has paused the table: wait until play continues."
        if self.status == "between deals":
            return f"This deal is over: wait for {who} to deal the next one."
        return f"Table {self.code} has ended: no more moves."

    def _undo(self, person: Person) -> None:
        if not person.teacher:
            raise ClassTableError("Undo is off at a shared table: taking a move back would change the game for "
                                  "everyone. Only the teacher can take back a move for the whole table.")
        if self.status == "ended":
            raise ClassTableError(self._not_playing())
        history = self.game.history
        for back, (who, _) in enumerate(reversed(history), start=1):
            if who in self.people:
                self.commit({"t": "undo", "back": back})
                return
        raise ClassTableError("No person has moved yet in this match: there is nothing to take back.")

    def _control(self, seat: int, person: Person, kind: str, message: dict[str, Any]) -> None:
        words = {"start": "start the deal", "next_deal": "deal the next deal", "end": "end the table",
                 "pause": "pause the table", "continue": "let play continue", "replace": "give a seat to the computer",
                 "give_back": "give a seat back"}[kind]
        if kind in TEACHER_ONLY and not person.teacher:
            raise ClassTableError(f"Only the teacher can {words}.")
        if kind in HOST_CONTROLS and not (person.teacher or seat == 0):
            raise ClassTableError(f"Only the host or the teacher can {words}.")
        if self.status == "ended":
            raise ClassTableError(self._not_playing())
        if kind == "start" and self.status != "waiting":
            raise ClassTableError("The deal has already started.")
        if kind == "pause" and self.status != "playing":
            raise ClassTableError("The table can be paused only while a deal is being played.")
        if kind == "continue" and self.status != "paused":
            raise ClassTableError("The table is not paused.")
        if kind == "next_deal" and self.status != "between deals":
            raise ClassTableError("The next deal comes when this one is over." if self.status != "waiting"
                                  else "The first deal has not started yet: start it.")
        record: dict[str, Any] = {"t": kind}
        if kind in ("replace", "give_back"):
            target = message["seat"]
            if not (isinstance(target, int) and not isinstance(target, bool) and 0 <= target < self.players):
                raise ClassTableError(f"There is no seat {quoted(target)}: seats are 0 to {self.players - 1}.")
            other = self.people.get(target)
            if target == seat:
                raise ClassTableError("Your own seat stays yours: choose a student's seat.")
            if other is None:
                raise ClassTableError(f"Seat {target} is already played by the computer: nobody sits there.")
            if kind == "replace" and other.replaced:
                raise ClassTableError(f"Seat {target} is already given to the computer.")
            if kind == "give_back" and not other.replaced:
                raise ClassTableError(f"{other.name} is still playing seat {target}: there is nothing to give back.")
            record["seat"] = target
        self.commit(record)

    # ---- bots, paced by the transport ----
    def _bot_turn(self) -> tuple[engine.Turn, dict[str, Any]] | None:
        if self.status != "playing" or self.game.is_over:
            return None
        asked = {k: _Asked() for k in self.bots}
        turn = engine.next_turn(self.game, asked)
        if turn is None:
            return None
        view = asked[turn.seat].view
        assert view is not None
        return turn, view

    def bot_due(self) -> float | None:
        """Seconds until the next bot move; a bot answering out of turn (Kalooki: letting a discard go or
        calling it) answers at once, as the table alone does, and the bot whose turn it is waits the pause,
        longer while a person may still act out of turn."""
        asked = self._bot_turn()
        if asked is None:
            return None
        if asked[0].seat != self.game.current_player:
            return 0.0
        waiting_on_people = any(self._person_plays(k) for k in self.game.to_act()[1:])
        delay = self.call_delay if waiting_on_people else self.bot_delay
        return max(0.0, self.changed_at + delay - self.clock())

    def step_bots(self) -> bool:
        """Play one due bot move. The bot chooses outside the lock (a hard bot may think a while); its move is
        made only if nothing changed meanwhile."""
        with self.lock:
            due = self.bot_due()
            if due is None or due > 0 or self._thinking:
                return False
            asked = self._bot_turn()
            assert asked is not None
            turn, view = asked
            bot, seq = self.bots[turn.seat], self.seq
            self._thinking = True
        try:
            action = bot.choose(view)
        finally:
            with self.lock:
                self._thinking = False
        with self.lock:
            if self.seq != seq:
                return False
            self.commit({"t": "move", "seat": turn.seat, "action": action, "bot": True})
            return True

    # ---- what one seat is sent ----
    def state(self, seat: int) -> dict[str, Any]:
        """What ``seat`` is sent: made once per change of the table (kept until the next), with its own error.
        Callers get a fresh top-level dict; the parts inside are shared and must not be changed."""
        kept = self._states.get(seat)
        if kept is None or kept[0] != self.seq:
            kept = self.seq, self._state(seat)
            self._states[seat] = kept
        person = self.people.get(seat)
        return {**kept[1], "error": person.error if person else None}

    def _state(self, seat: int) -> dict[str, Any]:
        g, person = self.game, self.people.get(seat)
        names = list(g.names)
        seat_names = ["You" if k == seat else n for k, n in enumerate(names)]
        view = g.view(seat)
        playing = self.status == "playing" and self._person_plays(seat)
        legal = [str(a) for a in g.legal_actions(seat)] if playing else []
        state: dict[str, Any] = {
            "code": self.code, "seq": self.seq, "seat": seat, "names": seat_names,
            "teacher": bool(person and person.teacher), "status": self.status, "status_text": self.status_text(),
            "view": view, "events": self._events_for(seat), "legal": legal,
            "to_act": [] if g.is_over else g.to_act(), "why": self._why(seat, view, legal),
            "deal_results": [dict(r) for r in g.deal_results()],
            "seats": [{"name": names[k], "person": self._person_plays(k),
                       "connected": bool(k in self.people and self.people[k].senders)} for k in range(self.players)],
        }
        if person is not None and person.teacher:
            state["views"] = [g.view(k) for k in range(self.players)]
        return state

    def _voice(self, seat: int) -> engine.Game:
        """The game as ``seat`` hears it: the same deal and moves, with that seat named "You", so its log and
        refusals read as at a table alone ("You play J♣.", "It is Ada's turn, not yours."). Kept in step move
        by move; made again after an undo, a renamed seat or a new match (the game's event list changes)."""
        g = self.game
        kept = self._voices.get(seat)
        if kept is None or kept[0] is not g._events or len(kept[1]._history) > len(g._history):
            names = list(g.names)
            names[seat] = YOU_IN.get(str(g.options.get("lang", "en")), YOU_IN["en"])
            kept = g._events, self.rules(**{**g.setup_args(), "names": names})
            self._voices[seat] = kept
        voice = kept[1]
        for who, action in g._history[len(voice._history):]:  # (``history`` writes out every move: not here)
            voice.apply(action, who)
        return voice

    def _events_for(self, seat: int) -> list[dict[str, Any]]:
        """``events_for(seat)`` of the seat's own voice, phrased once per event: its log only grows, until it is
        made again (then it is read again)."""
        log = self._voice(seat)._events
        kept = self._logs.get(seat)
        if kept is None or kept[0] is not log or len(kept[1]) > len(log):
            kept = log, []
            self._logs[seat] = kept
        seen = kept[1]
        seen.extend(e.seen_by(seat) for e in log[len(seen):])
        return list(seen)

    def _why(self, seat: int, view: dict[str, Any], legal: list[str]) -> dict[str, str]:
        """Why each move this seat might try (a card of its hand, a button) is not allowed now, in the rules'
        words (only moves the game has: Rummy has no "play 7S", Jabberwocky no "discard 7S")."""
        if self.status != "playing":
            return {}
        voice = self._voice(seat)
        hand = view.get("hand")
        cards = [c for c in hand if isinstance(c, str)] if isinstance(hand, list) else []
        card_verbs, buttons = self._moves_known()
        candidates = [f"{verb} {c}" for c in cards for verb in card_verbs] + buttons
        why: dict[str, str] = {}
        for action in candidates:
            if action in legal or action in why:
                continue
            reason = voice.why_illegal(action, seat)
            if reason is not None:
                why[action] = str(reason)
        return why

    def _moves_known(self) -> tuple[list[str], list[str]]:
        """The card verbs and buttons this game has, found once: the rules' refusal of a move they do not know
        reads like their refusal of a made-up word."""
        if self._known is None:
            g = self.rules(players=self.players, seed=self.seed, **self.options)
            seat = g.to_act()[0] if g.to_act() else 0
            hand = g.view(seat).get("hand")
            card = hand[0] if isinstance(hand, list) and hand and isinstance(hand[0], str) else "7S"
            unknown = str(g.why_illegal(_PROBE, seat) or "")

            def known(action: str) -> bool:
                return str(g.why_illegal(action, seat)) != unknown.replace(quoted(_PROBE), quoted(action))
            self._known = ([v for v in CARD_VERBS if known(f"{v} {card}")], [b for b in BUTTONS if known(b)])
        return self._known

    def status_text(self) -> str:
        host = self.host()
        who = host.name if host is not None else "The host"
        word = self.rules.deal_word
        deal = self.game.progress()["deal"]
        if self.status == "waiting":
            return f"Waiting for {who} to start. Seats nobody takes are played by the computer."
        if self.status == "playing":
            return f"{word.capitalize()} {deal} is being played."
        if self.status == "paused":
            return "The teacher has paused the table."
        if self.status == "between deals":
            if self.game.is_over:
                return f"The match is over. {who} may deal a new match."
            return f"{word.capitalize()} {self.deals_done} is over. {who} deals the next one."
        return self.closed_reason or f"{who} has ended the table."

    # ---- the review of a finished deal ----
    def review_inputs(self, seat: int, deal: Any) -> tuple[type[engine.Game], dict[str, Any], list[tuple[int, str]],
                                                          int, int]:
        if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= self.deals_done:
            done = self.deals_done
            raise ClassTableError(f"There is no finished {self.rules.deal_word} {quoted(deal)} to review yet"
                                  + (f": {self.rules.deal_word}s 1 to {done} are over." if done else "."))
        if not self.rules.has_choices:
            raise ClassTableError(f"{self.rules.name} has no decisions to review: every move is forced.")
        moves = [i for i, d in enumerate(self.deal_of) if d == deal]
        start, stop = (moves[0], moves[-1] + 1) if moves else (0, 0)
        return type(self.game), self.game.setup_args(), self.game.history[:stop], start, stop


class _AlreadySeated(Exception):
    """The hub's user already holds a seat at this table: they get it back."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


def review_rows(cls: type[engine.Game], setup: dict[str, Any], history: list[tuple[int, str]], seat: int,
                start: int, stop: int, deal: int) -> dict[str, Any]:
    """engine.review of one seat's decisions in one deal, as JSON-able rows (run outside the table's lock)."""
    game = cls(**setup)
    for who, action in history:
        game.apply(action, who)
    result = engine_review(game, seat, start, stop)
    rows = [{"index": e.index, "action": e.action, "best": e.best, "loss": e.loss, "verdict": e.verdict,
             "reason": str(e.reason), "best_note": str(e.best_note), "note": str(e.note),
             "loss_words": str(e.loss_words())} for e in result.entries]
    summary = {k: v for k, v in result.summary.items()}
    summary["accuracy_definition"] = str(summary["accuracy_definition"])
    body = {"deal": deal, "seat": seat, "summary": summary, "summary_words": str(result.summary_words()),
            "entries": rows, "forced": result.forced}
    json.dumps(body)  # JSON-able, or a bug here
    return body


__all__ = ["BURST", "CALL_DELAY", "CONTROLS", "CUT_OFF_SECONDS", "ClassTable", "ClassTableError",
           "MAX_MESSAGE_CHARS", "OnDealOver", "PER_SECOND", "Person", "STATUSES", "Seat", "SharedDeal", "checked_name",
           "review_rows"]
