"""`shinpan history`, `stats`, `export`, `import`, `backup`, `restore`: the stored matches (db/)."""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path
from typing import Any

from companion.cli.database import EXIT_BAD_IMPORT, EXIT_PARTIAL_EXPORT, cli_error, database_engine, storage_errors
from companion.cli.output import CliError, print_json, read_text
from companion.rules.files import IMPORT_FILE_MAX


def register(subparsers: Any) -> None:
    history = subparsers.add_parser("history", help="list stored matches, or show one match's timeline")
    history.add_argument("match", nargs="?", type=int, help="a match number: show its timeline")
    _filters(history)
    history.add_argument("--page", type=int, default=1, help="page number (default 1)")
    history.add_argument("--per-page", type=int, default=20, help="matches per page (default 20)")
    _common(history)
    history.set_defaults(func=cmd_history)


    export = subparsers.add_parser("export", help="write stored matches as record files or JSON")
    export.add_argument("path", help="a file, a folder (several record files), or '-' for standard output")
    export.add_argument("--match", type=int, action="append", metavar="ID", help="this match (repeatable)")
    export.add_argument("--format", choices=("record", "json"),
                        help="record or json (default: json when PATH ends in .json, else record)")
    _filters(export)
    _common(export, json_flag=False)
    export.set_defaults(func=cmd_export)

    imports = subparsers.add_parser("import", help="read record files or a JSON export into the database")
    imports.add_argument("paths", nargs="+", metavar="PATH", help="files or folders ('-' for standard input)")
    _common(imports)
    imports.set_defaults(func=cmd_import)

    backup = subparsers.add_parser("backup", help="copy the database to PATH (SQLite online backup)")
    backup.add_argument("path", help="the backup file (or a folder for a dated file in it)")
    backup.add_argument("--force", action="store_true", help="replace a backup that holds newer matches")
    _common(backup, json_flag=False)
    backup.set_defaults(func=cmd_backup)

    restore = subparsers.add_parser("restore", help="replace the database with the backup at PATH")
    restore.add_argument("path", help="the backup file")
    restore.add_argument("--force", action="store_true",
                         help="replace a database with newer matches, or a damaged one (kept aside)")
    _common(restore, json_flag=False)
    restore.set_defaults(func=cmd_restore)


def _filters(parser: argparse.ArgumentParser) -> None:
    from db.outcomes import OUTCOMES

    parser.add_argument("--ruleset", help="only this ruleset (id or alias)")
    parser.add_argument("--player", help="only matches this player played")
    parser.add_argument("--since", type=_day, metavar="YYYY-MM-DD", help="started on or after this day (UTC)")
    parser.add_argument("--until", type=_day, metavar="YYYY-MM-DD", help="started on or before this day (UTC)")
    parser.add_argument("--outcome", choices=OUTCOMES,
                        help="in-progress, finished, won, draw; win or loss need --player")
    parser.add_argument("--tournament", type=int, metavar="ID", help="only the matches of this tournament")


def _common(parser: argparse.ArgumentParser, *, json_flag: bool = True) -> None:
    parser.add_argument("--database", metavar="URL",
                        help="database URL or SQLite file (default: $SHINPAN_DATABASE_URL, else the data folder)")
    if json_flag:
        parser.add_argument("--json", action="store_true", help="print JSON")


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a day written YYYY-MM-DD") from None


def _filter(args: argparse.Namespace) -> Any:
    from db.history_query import MatchFilter  # plain: the sqlite3 read path imports no SQLAlchemy

    return MatchFilter(ruleset=args.ruleset, player=args.player, since=args.since, until=args.until,
                       outcome=args.outcome, tournament=args.tournament)


# --- history -----------------------------------------------------------------------------------


def _summary_json(summary: Any) -> dict[str, Any]:
    return {
        "id": summary.id,
        "ruleset": summary.ruleset,
        "title": summary.title,
        "started_at": summary.started_at.isoformat(),
        "finished_at": summary.finished_at.isoformat() if summary.finished_at else None,
        "status": summary.status,
        "reason": summary.reason,
        "winners": summary.winners,
        "actions": summary.action_count,
        "players": [{"name": p.name, "side": p.side, "team": p.team, "result": p.result, "place": p.place}
                    for p in summary.players],
        "origin": summary.origin,
        "state": summary.summary,
        "tournament": ({"id": summary.tournament_id, "pairing": summary.tournament_pairing}
                       if summary.tournament_id is not None else None),
    }


def _summary_line(summary: Any) -> str:
    players = " v ".join(p.name + (f" ({p.side})" if p.side else "") for p in summary.players)
    if summary.status == "in-progress":
        result = "in progress"
    elif summary.status == "draw":
        result = f"draw: {summary.reason}"
    else:
        result = f"{', '.join(summary.winners)} won: {summary.reason}"
    ranked = sorted((p for p in summary.players if p.place is not None), key=lambda p: (p.place, p.seat))
    if ranked:  # a game that ranks every player (Musashi's Challenge)
        result += "; places " + ", ".join(f"{p.place}. {p.name}" for p in ranked)
    when = summary.started_at.strftime("%Y-%m-%d %H:%M")
    cup = f"  [tournament {summary.tournament_id}, {summary.tournament_pairing}]" if summary.tournament_id else ""
    return (f"#{summary.id:<5} {when}  {summary.ruleset}  {players}  {result}  ({summary.action_count} actions)"
            f"{cup}")


def cmd_history(args: argparse.Namespace) -> int:
    answered = _history_from_sqlite_file(args)
    if answered is not None:
        return answered
    from sqlmodel import Session

    from db.history import list_matches, match_timeline

    with storage_errors(args.database):
        engine = database_engine(args)
        with Session(engine) as session:
            if args.match is not None:
                return _print_timeline(match_timeline(args.match, session=session), args.json)
            page = list_matches(session=session, where=_filter(args), page=args.page, per_page=args.per_page)
    return _print_page(page, args)


def _history_from_sqlite_file(args: argparse.Namespace) -> int | None:
    """The answer read with the sqlite3 module alone (db/sqlite_history.py), which spares the command
    importing SQLAlchemy, SQLModel and pydantic; None when the file is not one that path reads (PostgreSQL,
    missing, damaged, locked, another schema...): then the full path answers, with its checks and errors."""
    from db.errors import StorageError
    from db.sqlite_history import FullPathNeeded, SqliteHistory

    try:
        with SqliteHistory.open(args.database) as history:
            if args.match is not None:
                stored = history.match_actions(args.match)
            else:
                page = history.list_matches(_filter(args), page=args.page, per_page=args.per_page,
                                            ruleset_id=_ruleset_id)
    except FullPathNeeded:
        return None
    except StorageError as error:  # a match that is not there, a page that cannot be: as storage_errors words it
        raise cli_error(error) from None
    if args.match is None:
        return _print_page(page, args)
    from db.timeline_replay import replay_timeline  # the rules are imported for a timeline only

    try:
        timeline = replay_timeline(stored)
    except StorageError as error:
        raise cli_error(error) from None
    return _print_timeline(timeline, args.json)


def _ruleset_id(name: str) -> str:
    from companion.rules.registry import get_ruleset  # the rules are imported for --ruleset only

    return get_ruleset(name).id


def _print_page(page: Any, args: argparse.Namespace) -> int:
    if args.json:
        print_json({"page": page.page, "per_page": page.per_page, "total": page.total, "pages": page.pages,
                    "matches": [_summary_json(m) for m in page.items]})
        return 0
    if not page.items and page.total:
        print(f"page {page.page} is past the last page ({page.pages}, {page.total} matches)")
        return 0
    if not page.items:
        print("no stored matches" + (" match these filters" if page.total == 0 and _any_filter(args) else ""))
        return 0
    for summary in page.items:
        print(_summary_line(summary))
    print(f"page {page.page} of {page.pages} ({page.total} matches)")
    return 0


def _any_filter(args: argparse.Namespace) -> bool:
    return any((args.ruleset, args.player, args.since, args.until, args.outcome, args.tournament is not None))


def _print_timeline(timeline: Any, as_json: bool) -> int:
    if as_json:
        print_json({
            "match": _summary_json(timeline.match),
            "timeline": [
                {"seq": e.seq, "player": e.player, "action": e.action, "recorded_at": e.recorded_at.isoformat(),
                 "evidence": e.evidence, "events": e.events, "state": e.state}
                for e in timeline.entries
            ],
            "redo": timeline.redo,
        })
        return 0
    print(_summary_line(timeline.match))
    for entry in timeline.entries:
        print(f"{entry.seq:>4}. {entry.player}: {entry.action}")
        for event in entry.events:
            marker = "!" if event["trigger"] else "-"
            print(f"        {marker} {event['text']}")
    if timeline.redo:
        print("undone (can be redone): " + "; ".join(timeline.redo))
    return 0


# --- export and import -------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from db.export_stream import matching_ids
    from db.repository import load_match
    from db.transfer import export_record

    fmt = args.format or ("json" if args.path.lower().endswith(".json") else "record")
    with storage_errors(args.database):
        engine = database_engine(args)
        with Session(engine) as session:
            skipped: list[str] = []
            if args.match:
                ids = list(args.match)
                for match_id in ids:
                    load_match(match_id, session=session)  # raises MatchNotFound early
            else:
                ids = matching_ids(_filter(args), session=session)
            if not ids:
                raise CliError("no stored matches to export" + (" match these filters" if _any_filter(args) else ""))
            if fmt == "json":
                _write_json(args.path, ids, session)
            elif len(ids) == 1 and not Path(args.path).is_dir():
                _write(args.path, export_record(ids[0], session=session))
            else:
                if args.path == "-":
                    raise CliError(f"{len(ids)} matches make {len(ids)} record files: give a folder, "
                                   "or use --format json")
                folder = Path(args.path)
                if folder.exists() and not folder.is_dir():
                    raise CliError(f"{folder} is a file; several matches need a folder (or --format json)")
                skipped = _export_folder(folder, ids, session)
    if skipped:
        for note in skipped:
            print(f"shinpan: skipped {note}", file=sys.stderr)
    if args.path != "-":
        done = len(ids) - len(skipped)
        print(f"exported {done} match{'es' if done != 1 else ''} to {args.path}", file=sys.stderr)
    return EXIT_PARTIAL_EXPORT if skipped else 0


def _export_folder(folder: Path, ids: list[int], session: Any) -> list[str]:
    """One record file per match; a match that cannot be a record file is left out and named."""
    from db.transfer import NotReplayable, export_record, record_file_name

    skipped: list[str] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for match_id in ids:
            try:
                text = export_record(match_id, session=session)
            except NotReplayable as error:
                skipped.append(str(error))
                continue
            (folder / record_file_name(match_id, session=session)).write_text(text, encoding="utf-8")
    except OSError as error:
        raise CliError(f"{error.filename or folder}: {error.strerror}") from None
    return skipped


def _write_json(path: str, ids: list[int], session: Any) -> None:
    """The JSON export streamed to the file (or standard output), with a progress bar on a terminal."""
    from companion.cli.progress import ProgressBar
    from db.export_stream import write_json_export

    bar = ProgressBar(f"exporting {len(ids)} matches", enabled=path != "-")
    try:
        if path == "-":
            write_json_export(ids, sys.stdout, session=session)
            return
        with Path(path).open("w", encoding="utf-8") as out:
            write_json_export(ids, out, session=session, progress=bar.update)
    except OSError as error:
        raise CliError(f"{path}: {error.strerror}") from None
    finally:
        bar.done()


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise CliError(f"{path}: {error.strerror}") from None


IMPORT_SUFFIXES = (".txt", ".json", ".shinpan")


def _import_sources(paths: list[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """The files to import (a folder gives its record and JSON files) and an error entry for each folder
    that holds none, so `import FOLDER` of the wrong folder does not look like a success."""
    found: list[str] = []
    empty: list[dict[str, Any]] = []
    for path in paths:
        if path != "-" and Path(path).is_dir():
            inside = [str(p) for p in sorted(Path(path).iterdir())
                      if p.is_file() and p.suffix.lower() in IMPORT_SUFFIXES]
            found.extend(inside)
            if not inside:
                empty.append({"file": path, "error": f"{path}: is a folder with no {', '.join(IMPORT_SUFFIXES)} "
                                                     "files to import"})
        else:
            found.append(path)
    return found, empty


def cmd_import(args: argparse.Namespace) -> int:
    from sqlmodel import Session

    from companion.rules.owner_files import owner_files_beside
    from db.errors import ImportRejected
    from db.transfer import read_import_file, store_incoming

    with storage_errors(args.database):
        engine = database_engine(args, create=True)
        sources, files = _import_sources(args.paths)
        for source in sources:
            try:
                text = read_text(source, limit=IMPORT_FILE_MAX, what="file to import")
                with owner_files_beside(Path(source).parent if source != "-" else Path.cwd()):
                    incoming = read_import_file(text, source)
                with Session(engine) as session, session.begin():  # one file, one transaction
                    report = store_incoming(incoming, session=session)
                files.append({"file": source, "imported": report.imported, "skipped": report.skipped})
            except (ImportRejected, CliError) as error:
                files.append({"file": source, "error": str(error)})
    rejected = [f for f in files if "error" in f]
    if args.json:
        print_json({"files": files})
    else:
        for f in files:
            if "error" in f:
                print(f"shinpan: {f['error']} (nothing from this file was imported)", file=sys.stderr)
                continue
            print(f"{f['file']}: imported {len(f['imported'])}, skipped {len(f['skipped'])} already stored")
            for reason in f["skipped"]:
                print(f"  skipped: {reason}")
    return EXIT_BAD_IMPORT if rejected else 0


# --- backup and restore ------------------------------------------------------------------------


def _sqlite_file(args: argparse.Namespace) -> Path:
    from db.location import database_url, sqlite_path

    with storage_errors(args.database):
        path = sqlite_path(database_url(args.database))
    if path is None:
        raise CliError("backup and restore work on a SQLite database file; "
                       "for a PostgreSQL server use pg_dump and pg_restore")
    return path


def cmd_backup(args: argparse.Namespace) -> int:
    from db.backup import backup_database

    database = _sqlite_file(args)
    with storage_errors(args.database):
        made = backup_database(database, Path(args.path), force=args.force)
    print(f"backed up {database} to {made.path}")
    if made.warning:
        print(f"shinpan: warning: {made.warning}", file=sys.stderr)
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from db.backup import restore_database

    database = _sqlite_file(args)
    with storage_errors(args.database):
        kept = restore_database(database, Path(args.path), force=args.force)
    print(f"restored {database} from {args.path}" + (f"; the replaced file is kept as {kept}" if kept else ""))
    return 0
