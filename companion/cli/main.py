"""The `shinpan` command line: one module per group of commands, listed in COMMAND_MODULES."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from companion import __version__
from companion.cli.output import CliError
from companion.rules.errors import RulesError

# Each module has `register(subparsers)`; its commands set `func(args) -> int` as their default.
COMMAND_MODULES = (
    "companion.cli.rules_commands",
    "companion.cli.storage_commands",
    "companion.cli.stats_commands",
    "companion.cli.app_commands",
    "companion.cli.scan_commands",
    "companion.cli.club_commands",
    "companion.cli.tournament_commands",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shinpan",
        description="Shinpan referees tabletop martial-arts card games. With no command it opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"shinpan {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def _run_app() -> int:
    try:
        app = importlib.import_module("companion.app.launch")
    except ModuleNotFoundError:
        build_parser().print_help()
        return 0
    result: int = app.launch()
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return _run_app()
    try:
        result: int = args.func(args)
        return result
    except (CliError, RulesError) as error:
        print(f"shinpan: {error}", file=sys.stderr)
        return getattr(error, "exit_code", 1)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (`head`, a closed pager) has gone: stop quietly, as other Unix tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stdout must stay open until exit
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
