"""`shinpan club`: the club server's PIN, kept hashed in the match database (docs/club.md)."""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from typing import Any

from companion.cli.output import CliError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("club", help="the club server's PIN",
                                   description="Set or inspect the club PIN that phones enter once to referee "
                                               "on a club server (`shinpan serve --host 0.0.0.0`).")
    commands = parser.add_subparsers(dest="club_command", metavar="CLUB_COMMAND", required=True)
    pin = commands.add_parser("pin", help="set the club PIN (4-12 digits)",
                              description="Set the club PIN: asked twice on a terminal, else read as one line "
                                          "from standard input; --generate makes one and prints it.")
    pin.add_argument("--generate", action="store_true", help="make a random 6-digit PIN and print it")
    status = commands.add_parser("status", help="say whether a club PIN is set")
    for sub in (pin, status):
        sub.add_argument("--database", metavar="URL",
                         help="database URL or SQLite file (default: $SHINPAN_DATABASE_URL, else the data folder)")
        sub.add_argument("--json", action="store_true", help="print JSON")
    pin.set_defaults(func=run_pin)
    status.set_defaults(func=run_status)


def _engine(database: str | None) -> Any:
    from companion.app.server.club_setup import NoDatabase, club_store

    try:
        return club_store(database).engine  # type: ignore[attr-defined]
    except NoDatabase as error:
        raise CliError(str(error)) from None


def _read_pin() -> str:
    if sys.stdin.isatty():
        first = getpass.getpass("New club PIN (4-12 digits): ")
        if getpass.getpass("The same PIN again: ") != first:
            raise CliError("the two PINs differ; nothing was changed")
        return first
    return sys.stdin.readline().strip()


def run_pin(args: argparse.Namespace) -> int:
    from companion.app.server.club_access import BadPin, hash_pin, new_pin
    from db.club import PIN_HASH, write_setting

    pin = new_pin() if args.generate else _read_pin()
    try:
        stored = hash_pin(pin)
    except BadPin as error:
        raise CliError(str(error)) from None
    write_setting(_engine(args.database), PIN_HASH, stored)
    if args.json:
        print(json.dumps({"pin_set": True, "pin": pin if args.generate else None}))
    elif args.generate:
        print(f"Club PIN: {pin}")
    else:
        print("Club PIN set: phones signed in with the old PIN stay signed in until their session ends.")
    return 0


def run_status(args: argparse.Namespace) -> int:
    from db.club import PIN_HASH, read_setting

    pin_set = read_setting(_engine(args.database), PIN_HASH) is not None
    if args.json:
        print(json.dumps({"pin_set": pin_set}))
    else:
        print("A club PIN is set." if pin_set else "No club PIN is set: `shinpan club pin` sets one.")
    return 0
