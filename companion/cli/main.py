"""The `shinpan` command line: one module per group of commands, listed in COMMANDS_BY_MODULE."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from companion import __version__
from companion.cli.output import CliError
from companion.rules.errors import RulesError

# Each module has `register(subparsers)`, which adds these commands (in this order, the order of --help);
# its commands set `func(args) -> int` as their default. A command is run with its own module's parsers
# alone: importing all seven and building every parser would take about 15 ms of the 150 ms a command may
# take to start (issue 17). tests/test_cli_startup.py checks that each module registers exactly these.
COMMANDS_BY_MODULE: dict[str, tuple[str, ...]] = {
    "companion.cli.rules_commands": ("rules", "replay", "legal"),
    "companion.cli.storage_commands": ("history", "export", "import", "backup", "restore"),
    "companion.cli.stats_commands": ("stats", "check"),
    "companion.cli.app_commands": ("serve",),
    "companion.cli.scan_commands": ("scan", "tags", "register-face"),
    "companion.cli.club_commands": ("club",),
    "companion.cli.tournament_commands": ("tournament",),
}
COMMAND_MODULES = tuple(COMMANDS_BY_MODULE)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given the `command` about to run, one holding only the commands of the
    module that registers it (the same parser for that command: its usage, help and errors are its own).
    An unknown or missing command gets every command, for the list in --help and in the error."""
    modules = [module for module, commands in COMMANDS_BY_MODULE.items() if command in commands]
    parser = argparse.ArgumentParser(
        prog="shinpan",
        description="Shinpan referees tabletop martial-arts card games. With no command it opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"shinpan {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in modules or COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    """The command `argv` runs, when it starts with one; with an option first (--help, --version) the
    whole parser answers."""
    return argv[0] if argv and not argv[0].startswith("-") else None


def _run_app() -> int:
    try:
        app = importlib.import_module("companion.app.launch")
    except ModuleNotFoundError:
        build_parser().print_help()
        return 0
    result: int = app.launch()
    return result


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command_of(arguments))
    args = parser.parse_args(arguments)
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
