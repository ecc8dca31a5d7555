"""`shinpan stats` and `shinpan check`: figures read from the derived statistics, and the health of the
file and of those statistics against the event log (db/stats.py, db/stats_rebuild.py)."""

from __future__ import annotations

import argparse
import sys
from datetime import date
from typing import Any

from companion.cli.output import CliError, print_json
from companion.cli.progress import ProgressBar

EXIT_CHECK_FAILED = 6  # `shinpan check` found something wrong (and did not, or could not, repair it)


def register(subparsers: Any) -> None:
    stats = subparsers.add_parser("stats", help="results per player, head-to-head, and what each card did")
    stats.add_argument("--ruleset", help="only this ruleset")
    stats.add_argument("--player", help="only this player")
    stats.add_argument("--versus", metavar="NAME", help="with --player: head-to-head against NAME")
    stats.add_argument("--tournament", type=int, metavar="ID", help="only the matches of this tournament")
    stats.add_argument("--since", metavar="YYYY-MM-DD", help="only matches started on or after this day (UTC)")
    stats.add_argument("--until", metavar="YYYY-MM-DD", help="only matches started on or before this day (UTC)")
    stats.add_argument("--rebuild", action="store_true",
                       help="make the statistics again from the stored matches first (they are kept up to date "
                            "as matches are recorded; this repairs them)")
    _common(stats)
    stats.set_defaults(func=cmd_stats)

    check = subparsers.add_parser("check", help="check the database file whole, and the statistics against the "
                                                "stored matches")
    check.add_argument("--rebuild", action="store_true",
                       help="rebuild statistics that disagree without asking (default: ask on a terminal)")
    _common(check)
    check.set_defaults(func=cmd_check)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", metavar="URL",
                        help="database URL or SQLite file (default: $SHINPAN_DATABASE_URL, else the data folder)")
    parser.add_argument("--json", action="store_true", help="print JSON")


def parse_day(text: str | None, flag: str) -> date | None:
    """A --since/--until day, or one line saying how to write it."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise CliError(f"{flag} {text[:40]!r} is not a day: write it YYYY-MM-DD, e.g. 2026-11-01") from None


# --- stats -------------------------------------------------------------------------------------


def place_words(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def cmd_stats(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from companion.cli.database import database_engine, storage_errors
    from companion.rules.registry import get_ruleset
    from db.stats import (
        card_names,
        card_records,
        ensure_ready,
        head_to_head,
        place_counts,
        player_records,
        ruleset_records,
    )

    if args.versus and not args.player:
        raise CliError("--versus needs --player: whose head-to-head?")
    since, until = parse_day(args.since, "--since"), parse_day(args.until, "--until")
    ruleset = get_ruleset(args.ruleset).id if args.ruleset else None
    where = {"ruleset": ruleset, "tournament": args.tournament, "since": since, "until": until}
    with storage_errors(args.database):
        engine = database_engine(args, create=False)
        if args.rebuild:
            _rebuild(engine, quiet=args.json)
        with Session(engine) as session:
            ensure_ready(session=session)
            records = player_records(session=session, player=args.player, **where)
            places = place_counts(session=session, player=args.player, **where)
            versus = (head_to_head(args.player, args.versus, session=session, **where) if args.versus else [])
            cards = card_records(session=session, player=args.player, **where)
            rulesets = ruleset_records(session=session, player=args.player, **where)
    names: dict[str, dict[str, str]] = {}
    for record in cards:
        if record.ruleset not in names:
            names[record.ruleset] = card_names(record.ruleset)
    if args.json:
        print_json({
            "players": [dict(vars(r), places={str(place): count for place, count in
                                              sorted(places.get((r.player, r.ruleset), {}).items())})
                        for r in records],
            "head_to_head": [vars(h) for h in versus],
            "cards": [dict(vars(c), name=names[c.ruleset].get(c.card, c.card)) for c in cards],
            "rulesets": [vars(r) for r in rulesets],
        })
        return 0
    if not records and not cards and not rulesets:
        print("no stored matches yet" if not any(where.values()) and not args.player
              else "no stored matches match these filters")
        return 0
    print("results (finished matches):")
    for r in records:
        streaks = f"; streak {r.streak}, best winning streak {r.best_win_streak}" if r.streak else ""
        ranked = places.get((r.player, r.ruleset), {})
        finishes = ("; places " + ", ".join(f"{place_words(place)} x{count}" for place, count in sorted(ranked.items()))
                    if ranked else "")
        print(f"  {r.player} in {r.ruleset}: {r.wins} won, {r.losses} lost, {r.draws} drawn of {r.played}"
              f"{streaks}{finishes}")
    for h in versus:
        print(f"{h.player} v {h.opponent} in {h.ruleset}: {h.wins}-{h.losses}, {h.draws} drawn "
              f"({h.matches} matches)")
    if args.versus and not versus:
        print(f"{args.player} and {args.versus} have no finished match together")
    print("cards (times played and answered; IPPONs and points they produced):")
    for c in cards:
        print(f"  {c.ruleset} {names[c.ruleset].get(c.card, c.card)}: played {c.played}, answered {c.answered}, "
              f"IPPONs {c.ippons}, points {c.points}")
    print("rulesets:")
    for rs in rulesets:
        print(f"  {rs.ruleset}: {rs.matches} matches, {rs.won} won, {rs.drawn} drawn, {rs.in_progress} in progress, "
              f"{rs.actions} actions")
    return 0


def _rebuild(engine: Any, *, quiet: bool) -> None:
    from db.stats_rebuild import rebuild

    bar = ProgressBar("rebuilding statistics", enabled=not quiet)
    rebuild(engine, bar.update)
    bar.done()


# --- check -------------------------------------------------------------------------------------


def cmd_check(args: argparse.Namespace) -> int:
    from companion.cli.database import database_engine, storage_errors
    from db.engine import check_sqlite_file
    from db.location import database_url, sqlite_path
    from db.stats_rebuild import REBUILDING, disagreements, stats_status

    report: dict[str, Any] = {"file": "not a file (a database server)", "statistics": "agree with the matches",
                              "disagreements": [], "rebuilt": False}
    with storage_errors(args.database):
        path = sqlite_path(database_url(args.database))
        if path is not None:
            check_sqlite_file(path, full=True)  # every page: exit code 3 and one line when damaged
            report["file"] = "whole (integrity check: ok)"
        engine = database_engine(args, create=False)
        bar = ProgressBar("comparing statistics with the matches", enabled=not args.json)
        with engine.connect() as connection:
            status = stats_status(connection)
            found = disagreements(connection, bar.update)
        bar.done()
        interrupted = status is not None and status[0] == REBUILDING
        problems = [d.describe() for d in found]
        if interrupted:
            problems.insert(0, "stats_state: a rebuild of the statistics was interrupted")
        report["disagreements"] = problems
        if problems:
            report["statistics"] = f"{len(problems)} derived row(s) disagree with the stored matches"
            if _agreed_to_rebuild(args, problems):
                _rebuild(engine, quiet=args.json)
                report["rebuilt"] = True
                report["statistics"] += "; rebuilt from the matches (the matches themselves were not changed)"
    if args.json:
        print_json(report)
    else:
        print(f"file: {report['file']}")
        for line in problems[:20]:
            print(f"  {line}")
        if len(problems) > 20:
            print(f"  ... and {len(problems) - 20} more")
        print(f"statistics: {report['statistics']}")
        if problems and not report["rebuilt"]:
            print("run `shinpan check --rebuild` to make them again from the stored matches")
    return EXIT_CHECK_FAILED if problems and not report["rebuilt"] else 0


def _agreed_to_rebuild(args: argparse.Namespace, problems: list[str]) -> bool:
    if args.rebuild:
        return True
    if args.json or not sys.stdin.isatty() or not sys.stderr.isatty():
        return False
    for line in problems[:5]:
        print(f"  {line}", file=sys.stderr)
    answer = input(f"{len(problems)} derived row(s) disagree with the stored matches; rebuild them now? [y/N] ")
    return answer.strip().lower() in {"y", "yes"}
