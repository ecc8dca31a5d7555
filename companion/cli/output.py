"""Shared helpers of the CLI commands: errors with exit codes, JSON printing, reading files."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


class CliError(Exception):
    """A user-facing failure: printed as one line, with a non-zero exit code."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read().removeprefix("\ufeff")
    try:
        # utf-8-sig: a record saved by Windows Notepad starts with a byte-order mark.
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (records are UTF-8 text)") from None
    except OSError as error:
        raise CliError(f"{path}: {error.strerror}") from None
