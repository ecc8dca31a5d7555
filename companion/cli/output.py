"""Shared helpers of the CLI commands: errors with exit codes, JSON printing, reading files."""

from __future__ import annotations

import json
import sys
from typing import Any

from companion.rules.files import MB, RECORD_FILE_MAX, FileRefused, read_limited


class CliError(Exception):
    """A user-facing failure: printed as one line, with a non-zero exit code."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def read_text(path: str, *, limit: int = RECORD_FILE_MAX, what: str = "record") -> str:
    """A text file given on the command line ('-': standard input), refused whole when it is larger
    than `limit` or not a regular file (companion/rules/files.py lists the limits)."""
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # a test's StringIO has no bytes underneath
            data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode("utf-8")
            if len(data) > limit:
                raise CliError(f"standard input: more than {limit // MB} MB; a {what} may be at most that")
        else:
            data = read_limited(path, limit, what)
        # utf-8-sig: a record saved by Windows Notepad starts with a byte-order mark.
        return data.decode("utf-8-sig")
    except FileRefused as error:
        raise CliError(str(error)) from None
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (records are UTF-8 text)") from None
    except OSError as error:
        raise CliError(f"{path}: {error.strerror}") from None
