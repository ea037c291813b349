"""One finished deal as the server records it, built from the server's own game, and checked before it is stored.

Why built on the server: a record decides what a teacher believes about a student, so it must come from
the game the server played (its seed, its history, every move checked by the engine) and from the
engine's review of it, never from what a browser sends. :func:`record_from_game` derives every field
from a :class:`engine.Game`; :func:`check_record` refuses, with a sentence naming what is wrong, a record
that was changed after it was built (its check no longer matches), one made by another server (signed
with another key), one too large, one whose fields are not what a record holds, or one for another
student than the one sending it. Nothing of a refused record is stored.

A record is plain JSON-able data (:class:`Record` wraps the dict): the writer's spool file keeps it as
one line, so a record waiting for the database survives a server restart.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Mapping
from urllib.parse import urlencode

import engine
from engine.hints import LEVELS
from engine.protocol import GENERAL_RULES, Game, ParlourError, _checksum
from engine.review import VERDICTS, Review
from engine.review_link import ReviewLinkError, moves_code
from widgets.deal_code import DealCodeError, read_table_code, table_code

RECORD_FORMAT = 1
#: the most a record may weigh, as JSON: a nine-deal Kalooki match's history is about 400 KB
MAX_RECORD_BYTES = 1_500_000
MAX_MOVES = 30_000
MAX_DECISIONS = 5_000
MAX_REFUSALS = 100_000
_USER = re.compile(r"[^\x00-\x1f\x7f]{1,100}")
_LESSON = re.compile(r"[a-z0-9][a-z0-9_/-]{0,59}")
_CLASS = re.compile(r"[^\x00-\x1f\x7f/]{1,80}")
_RULE = re.compile(r"[a-z0-9_.-]{1,80}")
_TABLE = re.compile(r"[A-Za-z0-9-]{1,40}")
FIELDS = ("format", "class_name", "student", "lesson", "game", "players", "seat", "seed", "code", "settings",
          "level", "deal", "start", "stop", "table", "deal_set", "score", "won", "result", "decisions", "forced",
          "unrated", "accuracy", "total_cost", "review_link", "refusals", "history", "finished_at", "key", "check")


class RecordError(ParlourError):
    """A record that is not stored: the message says what is wrong with it."""


@dataclass(frozen=True)
class Record:
    """A checked record (build one with :func:`record_from_game`; read one back with :func:`check_record`)."""

    data: dict[str, Any]

    @property
    def key(self) -> str:
        return str(self.data["key"])

    @property
    def student(self) -> str:
        return str(self.data["student"])

    @property
    def class_name(self) -> str:
        return str(self.data["class_name"])

    def to_json(self) -> str:
        return json.dumps(self.data, ensure_ascii=False, sort_keys=True)


def position_key(game_id: str, setup: Mapping[str, Any], history: list[tuple[int, str]] | list[list[Any]]) -> str:
    """The position before a move: the game, its set-up (not the seats' names) and the moves made before.

    Two students who were dealt the same code and made the same moves are at the same position, so the
    teacher's page can count what each of them chose there.
    """
    plain = {k: v for k, v in setup.items() if k not in ("names", "lang")}
    body = json.dumps([game_id, plain, [list(m) for m in history]], sort_keys=True, default=str, ensure_ascii=True)
    return base64.urlsafe_b64encode(hashlib.sha256(body.encode()).digest()).decode()[:22]


def deal_bounds(game: Game) -> dict[int, tuple[int, int]]:
    """Where each deal of the match starts and stops in ``game``'s history, by its number (1, 2, …, as
    ``progress()["deal"]`` numbers them)."""
    replay = type(game)(**game.setup_args())
    bounds: dict[int, tuple[int, int]] = {}
    start, deal = 0, replay.progress()["deal"]
    for index, (who, action) in enumerate(game.history):
        now = replay.progress()["deal"]
        if now != deal:
            bounds[deal] = (start, index)
            start, deal = index, now
        replay.apply(action, who)
    bounds[deal] = (start, len(game.history))
    return bounds


def finished(game: Game, deal: int) -> bool:
    """Whether deal ``deal`` of the match is over (the game is over, or a later deal has begun)."""
    return game.is_over or game.progress()["deal"] > deal


def record_from_game(game: Game, seat: int, student: str, lesson: str, level: str, *, class_name: str,
                     deal: int | None = None, code: str | None = None, refusals: Mapping[str, int] | None = None,
                     review: Review | None = None, table: str | None = None, deal_set: int | None = None,
                     finished_at: datetime | None = None) -> Record:
    """The record of ``student``'s finished deal, every field derived from the server's own ``game``.

    ``deal``: which deal of a match (1, 2, …; None: the whole game, which must be over). ``code``: the
    table's deal code with its settings digits (the lesson's menus decide them), checked against the
    game's players and seed; None for a game at its default settings. ``refusals``: how often the rules
    refused this student's move in the deal, by rule id (the server counts them as it refuses). ``review``:
    the engine's review of the seat's decisions in this deal, if the server already has it (the table
    rates each decision as it is made); otherwise :func:`engine.review` is run here, which takes seconds:
    call this off the page's event loop.
    """
    if not isinstance(game, Game):
        raise RecordError(f"A record is built from a game, not from {type(game).__name__}.")
    game._check_seat(seat)
    bounds = deal_bounds(game)
    if deal is None:
        if not game.is_over:
            raise RecordError("This game is not over: only a finished deal is recorded.")
        start, stop, number = 0, len(game.history), max(bounds)
    else:
        if isinstance(deal, bool) or not isinstance(deal, int) or deal not in bounds:
            raise RecordError(f"This game has no deal {deal!r} with moves: it has reached deal {max(bounds)}.")
        if not finished(game, deal):
            raise RecordError(f"Deal {deal} is not over: only a finished deal is recorded.")
        (start, stop), number = bounds[deal], deal
    history = game.history[:stop]
    replay = game.replayed(history)
    setup = game.setup_args()
    if code is None:
        code = table_code(game.players, game.seed)
    if review is None:
        review = engine.review(game, seat, start, stop) if type(game).has_choices else None
    entries = [] if review is None else [e for e in review.entries if start <= e.index < stop]
    decisions: list[dict[str, Any]] = [
        {"index": e.index, "position": position_key(game.id, setup, history[:e.index]), "action": e.action,
         "best": e.best, "verdict": e.verdict, "cost": round(float(e.loss), 4)} for e in entries]
    rated = [d for d in decisions if d["verdict"] in ("best", "good")]
    scores = [int(s) for s in replay.scores]
    points = next((list(r["points"]) for r in replay.deal_results() if r["deal"] == number), None)
    if deal is None:
        points = None
    mine = points if points is not None else scores
    lowest = replay.progress()["lowest_wins"]
    best_score = min(mine) if lowest else max(mine)
    data: dict[str, Any] = {
        "format": RECORD_FORMAT, "class_name": class_name, "student": student, "lesson": lesson, "game": game.id,
        "players": game.players, "seat": seat, "seed": str(game.seed), "code": code,
        "settings": dict(game.options), "level": level, "deal": number, "start": start, "stop": stop,
        "table": table, "deal_set": deal_set, "score": int(mine[seat]), "won": mine[seat] == best_score,
        "result": {"scores": scores, "points": points, "how": _how(replay, number)},
        "decisions": decisions, "forced": 0 if review is None else review.forced,
        "unrated": 0 if review is None else len([u for u in review.unrated if start <= u[0] < stop]),
        "accuracy": len(rated) / len(decisions) if decisions else None,
        "total_cost": round(sum(d["cost"] for d in decisions), 4),
        "review_link": review_link(game, code, level, stop),
        "refusals": {str(k): int(v) for k, v in (refusals or {}).items() if v},
        "history": [[who, action] for who, action in history],
        "finished_at": (finished_at or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(),
    }
    return check_record(sign(data), student)


def _how(game: Game, deal: int) -> str | None:
    return next((r["how"] for r in game.deal_results() if r["deal"] == deal), None)


def review_link(game: Game, code: str, level: str, stop: int) -> str:
    """The review link's query (``deal=…&level=…&game=…&moves=…``, as widgets/deal_link.py writes it): opened on
    the lesson's page, it deals the code, replays the moves and shows the review the student saw. A match too
    long for a page's address has none ("")."""
    try:
        moves = moves_code(game, stop)
    except ReviewLinkError:
        return ""
    return urlencode({"deal": code, "level": level, "game": game.id, "moves": moves})


def record_key(data: Mapping[str, Any]) -> str:
    """A record's identity: who, where, and exactly what was played (a record written twice is stored once)."""
    names = ("class_name", "student", "lesson", "game", "players", "seat", "seed", "settings", "deal", "history",
             "table")
    body = json.dumps([data.get(k) for k in names],
                      sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(body.encode()).hexdigest()


def sign(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its key and its check (keyed with the server's ``PARLOUR_SAVE_KEY`` when it has one)."""
    body = {k: v for k, v in data.items() if k not in ("key", "check")}
    body["key"] = record_key(body)
    body["check"] = _checksum(body)
    return body


def read_record(text: str | bytes, sender: str) -> Record:
    """A record from its JSON (the spool's line): checked by :func:`check_record`."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"This record is {len(text):,} bytes long; a record is at most {MAX_RECORD_BYTES:,}.")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecordError(f"This record is not valid JSON ({str(exc)[:80]}).") from None
    return check_record(data, sender)


def check_record(data: Any, sender: str) -> Record:
    """``data`` as a :class:`Record`, or a RecordError naming what is wrong; ``sender``: the hub user it comes
    from, who must be the record's student."""
    if not isinstance(data, dict):
        raise RecordError(f"A record is a JSON object, not {type(data).__name__}.")
    size = len(json.dumps(data, ensure_ascii=False, default=str))
    if size > MAX_RECORD_BYTES:
        raise RecordError(f"This record is {size:,} bytes long; a record is at most {MAX_RECORD_BYTES:,}.")
    missing = [k for k in FIELDS if k not in data]
    extra = [k for k in data if k not in FIELDS]
    if missing or extra:
        wrong = ([f"it lacks {', '.join(missing)}"] if missing else []) \
            + ([f"it has unknown fields {', '.join(str(k)[:40] for k in extra[:5])}"] if extra else [])
        raise RecordError("This record is not one Parlour writes: " + "; ".join(wrong) + ".")
    if data["format"] != RECORD_FORMAT:
        raise RecordError(f"This record has format {data['format']!r}; this Parlour reads format {RECORD_FORMAT}.")
    if not isinstance(data["check"], str) or data["check"] != _checksum({k: v for k, v in data.items()
                                                                         if k != "check"}):
        raise RecordError("This record's check does not match: it was changed after it was written, or written by "
                          "another server (one with another save key).")
    if data["key"] != record_key(data):
        raise RecordError("This record's key does not match what it holds: it was changed after it was written.")
    _check_fields(data)
    if not isinstance(sender, str) or data["student"] != sender:
        raise RecordError(f"This record is for the student {str(data['student'])[:40]!r}, not for "
                          f"{str(sender)[:40]!r} who sent it.")
    return Record(data)


def _text(data: Mapping[str, Any], name: str, pattern: re.Pattern[str], what: str) -> str:
    value = data[name]
    if not isinstance(value, str) or not pattern.fullmatch(value) or value != value.strip():
        raise RecordError(f"This record's {name} {str(value)[:40]!r} is not {what}.")
    return value


def _whole(data: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(f"This record's {name} {value!r:.20} is not a whole number from {low} to {high}.")
    return value


def _check_fields(data: Mapping[str, Any]) -> None:
    """Each field is what a record holds, and agrees with the others (the game, its seats, its rules)."""
    _text(data, "class_name", _CLASS, "a class's name (1 to 80 characters)")
    _text(data, "student", _USER, "a user's name (1 to 100 characters)")
    _text(data, "lesson", _LESSON, "a lesson's name")
    if data["game"] not in engine.GAMES:
        raise RecordError(f"This record's game {str(data['game'])[:40]!r} is not a game of Parlour.")
    rules = engine.GAMES[data["game"]]
    players = _whole(data, "players", rules.min_players, rules.max_players)
    seat = _whole(data, "seat", 0, players - 1)
    if not isinstance(data["seed"], str) or not data["seed"].isdigit() or len(data["seed"]) > 20 \
            or int(data["seed"]) >= 2 ** 64:
        raise RecordError(f"This record's seed {str(data['seed'])[:24]!r} is not a seed.")
    try:
        read = read_table_code(data["code"], players) if isinstance(data["code"], str) else None
    except DealCodeError as exc:
        raise RecordError(f"This record's deal code is not one: {exc}") from None
    if read is None or read.players != players or str(read.seed) != data["seed"]:
        raise RecordError(f"This record's deal code {str(data['code'])[:40]!r} does not deal its game "
                          f"({players} players, seed {data['seed']}).")
    if not isinstance(data["settings"], dict):
        raise RecordError("This record's settings are not a list of the game's options.")
    try:
        if rules.resolve_options(data["settings"]) != data["settings"]:
            raise RecordError("This record's settings do not name every option of its game.")
    except ParlourError as exc:
        raise RecordError(f"This record's settings are not {rules.name}'s: {exc}") from None
    if data["level"] not in LEVELS:
        raise RecordError(f"This record's bots' level {str(data['level'])[:20]!r} is not one of {', '.join(LEVELS)}.")
    history = data["history"]
    if not isinstance(history, list) or len(history) > MAX_MOVES or not all(
            isinstance(m, list) and len(m) == 2 and isinstance(m[0], int) and not isinstance(m[0], bool)
            and 0 <= m[0] < players and isinstance(m[1], str) and len(m[1]) <= 200 for m in history):
        raise RecordError(f"This record's history is not a list of at most {MAX_MOVES:,} [seat, move] pairs.")
    stop = _whole(data, "stop", 0, MAX_MOVES)
    if stop != len(history):
        raise RecordError("This record's history does not end where its deal ends.")
    start = _whole(data, "start", 0, stop)
    _whole(data, "deal", 1, MAX_MOVES)
    if data["table"] is not None:
        _text(data, "table", _TABLE, "a class table's code")
    if data["deal_set"] is not None:
        _whole(data, "deal_set", 1, 2 ** 62)
    _whole(data, "score", -10 ** 9, 10 ** 9)
    if not isinstance(data["won"], bool):
        raise RecordError("This record's won is not yes or no.")
    result = data["result"]
    if not isinstance(result, dict) or set(result) != {"scores", "points", "how"} \
            or not _numbers(result["scores"], players) \
            or not (result["points"] is None or _numbers(result["points"], players)) \
            or not (result["how"] is None or (isinstance(result["how"], str) and len(result["how"]) <= 40)):
        raise RecordError("This record's result is not a score for each seat.")
    decisions = data["decisions"]
    if not isinstance(decisions, list) or len(decisions) > MAX_DECISIONS:
        raise RecordError(f"This record's decisions are not a list of at most {MAX_DECISIONS:,}.")
    keys = {"index", "position", "action", "best", "verdict", "cost"}
    for n, d in enumerate(decisions, start=1):
        if not isinstance(d, dict) or set(d) != keys:
            raise RecordError(f"Decision {n} of this record is not a rated decision.")
        if isinstance(d["index"], bool) or not isinstance(d["index"], int) or not start <= d["index"] < stop \
                or history[d["index"]] != [seat, d["action"]]:
            raise RecordError(f"Decision {n} of this record is not a move its seat made in this deal.")
        if d["verdict"] not in VERDICTS:
            raise RecordError(f"Decision {n} of this record has the verdict {str(d['verdict'])[:20]!r}, "
                              f"not one of {', '.join(VERDICTS)}.")
        if not isinstance(d["best"], str) or len(d["best"]) > 200 or not isinstance(d["position"], str) \
                or len(d["position"]) > 24:
            raise RecordError(f"Decision {n} of this record does not name the better move and its position.")
        if not _cost(d["cost"]):
            raise RecordError(f"Decision {n} of this record has a cost {str(d['cost'])[:20]!r} that is not a "
                              "number of zero or more.")
    _whole(data, "forced", 0, MAX_MOVES)
    _whole(data, "unrated", 0, MAX_MOVES)
    good = sum(d["verdict"] in ("best", "good") for d in decisions)
    want = good / len(decisions) if decisions else None
    accuracy = data["accuracy"]
    if (accuracy is None) != (want is None) or (want is not None and (
            not isinstance(accuracy, (int, float)) or isinstance(accuracy, bool) or abs(accuracy - want) > 1e-9)):
        raise RecordError("This record's accuracy does not agree with its decisions' verdicts.")
    if not _cost(data["total_cost"]) or abs(data["total_cost"] - sum(d["cost"] for d in decisions)) > 1e-3:
        raise RecordError("This record's total cost does not agree with its decisions' costs.")
    if not isinstance(data["review_link"], str) or len(data["review_link"]) > 14_000:
        raise RecordError("This record's review link is not one.")
    refusals = data["refusals"]
    if not isinstance(refusals, dict):
        raise RecordError("This record's refusals are not counts by rule.")
    for rule, times in refusals.items():
        if not _RULE.fullmatch(rule) or (rule not in rules.rules and rule not in GENERAL_RULES):
            raise RecordError(f"This record counts refusals by the rule {rule[:40]!r}, which is not a rule of "
                              f"{rules.name}.")
        if isinstance(times, bool) or not isinstance(times, int) or not 0 < times <= MAX_REFUSALS:
            raise RecordError(f"This record's count of refusals by {rule!r} is not a number from 1 to "
                              f"{MAX_REFUSALS:,}.")
    try:
        when = datetime.fromisoformat(data["finished_at"])
    except (TypeError, ValueError):
        raise RecordError(f"This record's finish time {str(data['finished_at'])[:40]!r} is not a time.") from None
    if when.tzinfo is None:
        raise RecordError("This record's finish time does not say its time zone.")


def _numbers(value: Any, players: int) -> bool:
    return isinstance(value, list) and len(value) == players and all(
        isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10 ** 9 for v in value)


def _cost(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0


def replay_record(record: Record) -> Game:
    """The game a record holds, every move replayed and checked by the engine (a RecordError if one is illegal)."""
    data = record.data
    rules = engine.GAMES[data["game"]]
    try:
        game = rules(players=data["players"], seed=int(data["seed"]), **data["settings"])
        for who, action in data["history"]:
            game.apply(action, who)
    except ParlourError as exc:
        raise RecordError(f"This record's moves do not replay: {exc}") from None
    return game


__all__ = ["MAX_RECORD_BYTES", "RECORD_FORMAT", "Record", "RecordError", "check_record", "deal_bounds", "finished",
           "position_key", "read_record", "record_from_game", "record_key", "replay_record", "review_link", "sign"]
