"""A fingerprint of what every game does: events, views, legal moves, hints and reviews, hashed.

Why: a refactor of the engine (one state per game, sentences as data) must change nothing a learner
or a bot sees. This plays seeded games of every game under several variant sets, with a seeded
random choice among the legal moves, and hashes at every step what the protocol shows: whose turn it
is, each acting seat's legal moves, every seat's view, every seat's events, and (at some decisions)
the hint; at the end, a review of seat 0. Record a fingerprint before a change and compare after:

    python -m tests.engine.fingerprint --write /tmp/before.json
    python -m tests.engine.fingerprint --compare /tmp/before.json      # exit 1 on any difference

``--games kalooki,rummy`` limits the run; ``--seeds N`` plays more deals per variant set.
``--new-option lang`` compares games that gained an option since the file was written: where the file has
no variant set of that option, its sets are not played and the views leave it out, so all else must match.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from dataclasses import asdict, is_dataclass
from typing import Any, Iterator

import engine
from engine.protocol import Game

#: hint every this many decisions (a hint runs a search: the fingerprint must stay minutes, not hours)
HINT_EVERY = 9
#: moves per game at most (a long match is cut: its first moves already cover the code paths)
MAX_MOVES = 400


def variant_sets(cls: type[Game], skip: frozenset[str] = frozenset()) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(label, players, options): the short match at min and max players, then each offered choice
    (not the options in ``skip``)."""
    base = dict(cls.short_match)
    yield "short", cls.default_players, base
    if cls.min_players != cls.default_players:
        yield f"short/{cls.min_players}p", cls.min_players, base
    if cls.max_players != cls.default_players:
        yield f"short/{cls.max_players}p", cls.max_players, base
    for option in cls.variants:
        if option.name in base or option.name in skip:
            continue
        choices = option.choices
        if choices is None and isinstance(option.default, bool):
            choices = (not option.default,)  # a yes/no option without a list of choices
        for choice in choices or ():
            if choice != option.default:
                yield f"{option.name}={choice!r}", cls.default_players, {**base, option.name: choice}


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return repr(value)


def _hint_record(game: Game, seat: int) -> Any:
    h = engine.hint(game, seat)
    return {"action": h.action, "reason": h.reason, "text": str(h), "plain": _plain(h)}


def play_one(game_id: str, players: int, options: dict[str, Any], seed: int, hints: bool,
             unseen: frozenset[str] = frozenset()) -> str:
    """Play one seeded game and return the hash of everything it showed (views without the options in
    ``unseen``)."""
    digest = hashlib.sha256()

    def put(tag: str, value: Any) -> None:
        digest.update(tag.encode())
        digest.update(json.dumps(_plain(value), sort_keys=True, ensure_ascii=False, default=repr).encode())

    game = engine.new_game(game_id, players=players, seed=seed, **options)
    chooser = random.Random(seed * 7919 + 13)
    decisions = 0
    for _ in range(MAX_MOVES):
        put("to_act", game.to_act())
        for seat in range(game.players):
            view = game.view(seat)
            if unseen:
                view = {**view, "options": {k: v for k, v in view["options"].items() if k not in unseen}}
            put(f"view{seat}", view)
        if game.is_over:
            break
        acting = game.to_act()
        for seat in acting:
            legal = [str(a) for a in game.legal_actions(seat)]
            put(f"legal{seat}", legal)
            if hints and len(legal) > 1 and type(game).has_choices:
                decisions += 1
                if decisions % HINT_EVERY == 1:
                    put(f"hint{seat}", _hint_record(game, seat))
        seat = acting[chooser.randrange(len(acting))]
        legal = game.legal_actions(seat)
        action = legal[chooser.randrange(len(legal))]
        events = game.apply(action, seat)
        put("events", [_plain(e) for e in events])
        for watcher in range(game.players):
            put(f"seen{watcher}", game.events_for(watcher)[-len(events):] if events else [])
        put("scores", game.scores)
    put("history", game.history)
    put("results", game.deal_results())
    if hints and type(game).has_choices and game.history:
        put("review", _plain(engine.review(game, 0)))
    return digest.hexdigest()


def fingerprint(games: list[str], seeds: int,
                new_options: dict[str, frozenset[str]] | None = None) -> dict[str, dict[str, str]]:
    """Every game's hashes by variant set and seed; ``new_options[game]``: options it gained, left out."""
    result: dict[str, dict[str, str]] = {}
    for game_id in games:
        cls = engine.GAMES[game_id]
        result[game_id] = {}
        new = (new_options or {}).get(game_id, frozenset())
        for label, players, options in variant_sets(cls, new):
            for seed in range(1, seeds + 1):
                # hints and the review on the first seed of each variant set: they dominate the time
                key = f"{label}#{seed}"
                result[game_id][key] = play_one(game_id, players, options, seed * 1009, hints=seed == 1,
                                                unseen=new)
                print(f"{game_id:13} {key:32} {result[game_id][key][:12]}", file=sys.stderr, flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(engine.GAMES))
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--write")
    parser.add_argument("--compare")
    parser.add_argument("--new-option", action="append", default=[],
                        help="an option the games gained since the --compare file (e.g. lang)")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    new_options: dict[str, frozenset[str]] = {}
    if args.compare and args.new_option:
        with open(args.compare, encoding="utf-8") as f:
            labels = json.load(f)
        new_options = {g: frozenset(o for o in args.new_option
                                    if not any(k.startswith(f"{o}=") for k in labels.get(g, {})))
                       for g in games}
    prints = fingerprint(games, args.seeds, new_options)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            json.dump(prints, f, indent=1, sort_keys=True)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)
        differ = [(g, k) for g in prints for k in prints[g] if before.get(g, {}).get(k) != prints[g][k]]
        for g, k in differ:
            print(f"DIFFERS: {g} {k}")
        print(f"{sum(len(v) for v in prints.values())} games compared, {len(differ)} differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
