"""`shinpan tournament new|show|result|undo|list|export`: tournaments from the command line (T11, T25)."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.database import database_engine, storage_errors
from companion.cli.output import CliError, print_json, read_text

if TYPE_CHECKING:  # the rules' shapes are imported by the commands that use them: `shinpan --help` stays quick
    from companion.rules.model import OptionValue

EXIT_NOT_DUE = 2  # a result the tournament cannot take: not a pending pairing, unfinished, another ruleset


def register(subparsers: Any) -> None:
    tournament = subparsers.add_parser("tournament", help="run a Championship bracket or a Round Robin (T11)")
    commands = tournament.add_subparsers(dest="tournament_command", metavar="SUBCOMMAND", required=True)

    new = commands.add_parser("new", help="make a tournament and print its first pairings")
    new.add_argument("name")
    new.add_argument("--ruleset", required=True, help="a two-player ruleset id or alias")
    new.add_argument("--format", required=True, choices=("bracket", "round-robin"))
    new.add_argument("--player", action="append", required=True, metavar="NAME",
                     help="an entrant, in seed order (repeat; 2-20 for a bracket, 2-10 for a round robin)")
    new.add_argument("--option", action="append", default=[], metavar="K=V", help="a rules option of every match")
    new.add_argument("--draw", action="store_true", help="seed by a random draw (kept), not the order given")
    new.add_argument("--seed", type=int, help="the draw's random seed (default: a fresh one, printed)")
    _common(new)
    new.set_defaults(func=cmd_new)

    show = commands.add_parser("show", help="the standings or bracket, results and next pairings")
    show.add_argument("id", type=int)
    _common(show)
    show.set_defaults(func=cmd_show)

    result = commands.add_parser("result", help="settle a pairing with a finished match record")
    result.add_argument("id", type=int)
    result.add_argument("record", help="a record file of the two players' finished match")
    _common(result)
    result.set_defaults(func=cmd_result)

    undo = commands.add_parser("undo", help="take back the last result (it can be settled again)")
    undo.add_argument("id", type=int)
    _common(undo)
    undo.set_defaults(func=cmd_undo)

    listing = commands.add_parser("list", help="every tournament, newest first")
    _common(listing)
    listing.set_defaults(func=cmd_list)

    export = commands.add_parser("export", help="print the bracket or table to a PDF or PNG")
    export.add_argument("id", type=int)
    export.add_argument("--out", required=True, help="FILE.pdf (A4) or FILE.png")
    _common(export, json_flag=False)
    export.set_defaults(func=cmd_export)


def _common(parser: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
    parser.add_argument("--database", help="database URL or SQLite file (default: SHINPAN_DATABASE_URL or "
                                           "the user's data folder)")
    if json_flag:
        parser.add_argument("--json", action="store_true", help="print one JSON object")


def _options(pairs: list[str]) -> dict[str, OptionValue]:
    options: dict[str, OptionValue] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--option {pair!r}: write it as NAME=VALUE")
        options[key.strip()] = value.strip()
    return options


def _print_state(state: Any, as_json: bool) -> None:
    from db.tournaments import tournament_json

    data = tournament_json(state)
    if as_json:
        print_json(data)
        return
    print(f"tournament {data['id']}: {data['name']} ({data['ruleset']}, {data['format']}) - {data['status']}"
          + (f", champion {data['winner']}" if data["winner"] else ""))
    for bye in data["byes"]:
        print(f"  round {bye['round']}: {bye['player']} goes through (bye)")
    for pairing in data["pairings"]:
        shown = pairing["result"]
        if shown is None:
            continue
        outcome = "draw" if shown["draw"] else f"{shown['winner']} won" + (" (forfeit)" if shown["forfeit"] else "")
        where = f" [match {shown['match']}]" if shown["match"] else ""
        print(f"  {pairing['key']}: {pairing['players'][0]} v {pairing['players'][1]}: {outcome}{where}")
    for pairing in data["to_come"]:
        print(f"  round {pairing['round']}, to come: {pairing['players'][0]} v {pairing['players'][1]}")
    for note in data["notes"]:
        print(f"  note: {note}")
    print("standings:")
    for row in data["standings"]:
        print(f"  {row['place']:>2}. {row['player']}  {row['points']:g} pts  ({row['wins']}-{row['draws']}-"
              f"{row['losses']})")
    if data["next"]:
        print("next: " + "; ".join(f"{a} v {b}" for a, b in data["next"]))


def cmd_new(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from companion.tournaments.model import make_setup
    from db.tournaments import create_tournament, load_tournament

    players = list(args.player)
    seed = args.seed
    if args.draw:
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        random.Random(seed).shuffle(players)  # the drawn order is stored: replaying never draws again
    setup = make_setup(args.name, args.ruleset, args.format, players, options=_options(args.option),
                       drawn=args.draw, seed=seed)
    with storage_errors(args.database):
        engine = database_engine(args, create=True)
        with Session(engine) as session, session.begin():
            tournament_id = create_tournament(setup, session=session)
        with Session(engine) as session:
            _print_state(load_tournament(tournament_id, session=session), args.json)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from db.tournaments import load_tournament

    with storage_errors(args.database):
        engine = database_engine(args)
        with Session(engine) as session:
            _print_state(load_tournament(args.id, session=session), args.json)
    return 0


def cmd_result(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from companion.rules.model import Forfeit
    from companion.rules.owner_files import owner_files_beside
    from companion.rules.registry import get_ruleset
    from companion.tournaments.model import TournamentError
    from db.tournaments import link_match, load_tournament, settle_pairing
    from db.transfer import read_records_file, store_or_find

    text = read_text(args.record)
    with storage_errors(args.database):
        engine = database_engine(args, create=True)
        with Session(engine) as session, session.begin():
            state = load_tournament(args.id, session=session)
            with owner_files_beside(Path(args.record).parent):
                incoming = read_records_file(text, args.record)[0]
            match = incoming.match
            setup = state.tournament.setup
            if get_ruleset(match.setup.ruleset).id != setup.ruleset:
                raise CliError(f"{args.record}: a {match.setup.ruleset} match, but tournament {state.id} plays "
                               f"{setup.ruleset}", EXIT_NOT_DUE)
            if dict(match.setup.options) != dict(get_ruleset(setup.ruleset).make_setup(
                    [p.name for p in match.setup.players], setup.option_map).options):
                raise CliError(f"{args.record}: played with other rules options than the tournament's "
                               f"({setup.option_map or 'the defaults'})", EXIT_NOT_DUE)
            outcome = match.outcome()
            if not outcome.finished:
                raise CliError(f"{args.record}: the match is not finished; settle the pairing when it is",
                               EXIT_NOT_DUE)
            names = [p.name for p in match.setup.players]
            if len(names) != 2:
                raise CliError(f"{args.record}: a tournament match has two players, not {len(names)}", EXIT_NOT_DUE)
            try:
                state.tournament.pending_between(names[0], names[1])  # refused before the match is stored
            except TournamentError as error:
                raise CliError(f"{args.record}: {error}", EXIT_NOT_DUE) from None
            winner = None if outcome.draw else names[outcome.winners[0]]
            forfeit = bool(match.actions) and isinstance(match.actions[-1], Forfeit)
            match_id = store_or_find(incoming, session=session)
            result = settle_pairing(state, names[0], names[1], winner, session=session, match_id=match_id,
                                    forfeit=forfeit)
            link_match(match_id, state.id, result.key, session=session)
        if not args.json:
            said = "a draw: they play again" if winner is None and setup.format == "bracket" else \
                "a draw" if winner is None else f"{winner} won"
            print(f"{result.key}: {names[0]} v {names[1]}: {said} (stored as match {match_id})")
        with Session(engine) as session:
            _print_state(load_tournament(args.id, session=session), args.json)
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from db.tournaments import load_tournament, undo_result

    with storage_errors(args.database):
        engine = database_engine(args)
        with Session(engine) as session, session.begin():
            state = load_tournament(args.id, session=session)
            undone = undo_result(state, session=session)
        if not args.json:
            print(f"undid the result of {undone.key}")
        with Session(engine) as session:
            _print_state(load_tournament(args.id, session=session), args.json)
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from db.tournaments import list_tournaments

    with storage_errors(args.database):
        engine = database_engine(args)
        with Session(engine) as session:
            rows = [{"id": r.id, "name": r.name, "ruleset": r.ruleset, "format": r.format, "status": r.status,
                     "winner": r.winner, "created_at": r.created_at.isoformat()}
                    for r in list_tournaments(session=session)]
    if args.json:
        print_json({"tournaments": rows})
    elif not rows:
        print("no tournaments yet: `shinpan tournament new NAME --ruleset ID --format bracket --player A --player B`")
    for row in [] if args.json else rows:
        print(f"{row['id']:>4}  {row['name']}  {row['ruleset']}  {row['format']}  {row['status']}"
              + (f"  champion {row['winner']}" if row["winner"] else ""))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from companion.tournament_sheet import SheetError, write_tournament_sheet
    from db.tournaments import load_tournament, tournament_json

    with storage_errors(args.database):
        engine = database_engine(args)
        with Session(engine) as session:
            data = tournament_json(load_tournament(args.id, session=session))
    try:
        written = write_tournament_sheet(data, Path(args.out))
    except SheetError as error:
        raise CliError(str(error)) from None
    print(f"wrote {written}", file=sys.stdout)
    return 0
