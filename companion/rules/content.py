"""Content blocks: a file a match depends on (a deck), carried inside its record and named by SHA-256.

A rules option declared `embedded` holds a file's whole text. The record writes the option as a
reference and the text once, at the end, as a block whose every line starts with `|`:

    option: deck-1 = sha256:9f86d081884c7d65...
    ...
    content: sha256:9f86d081884c7d65...
    | [deck]
    | name = "Tiger (example deck)"

Every line of a block is prefixed, so no content (a TOML comment, a line that looks like a header)
can end a block or be read as an action. The reader checks each block against its hash and each
reference against the blocks, so a record replays the same anywhere, or is refused naming the line.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from companion.rules.files import OWNER_FILE_MAX

SCHEME = "sha256:"
REFERENCE = re.compile(r"^sha256:[0-9a-f]{64}$")
BLOCK_START = re.compile(r"^content\s*:\s*(?P<ref>sha256:[0-9a-f]{64})\s*$")
BLOCK_MAX = OWNER_FILE_MAX  # a block is an owner's file: the same bound as reading one


def canonical(text: str) -> str:
    """Line ends as '\\n' and exactly one at the end: the bytes that are hashed and embedded."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


def reference(text: str) -> str:
    """`sha256:<hex>` of the canonical text's UTF-8 bytes."""
    return SCHEME + hashlib.sha256(canonical(text).encode("utf-8")).hexdigest()


def short(ref: str) -> str:
    """A reference cut for messages: sha256:9f86d0811…"""
    return ref[: len(SCHEME) + 10] + "…"


def block_lines(text: str) -> list[str]:
    """The record lines that embed `text`: the start line, then each line behind '| '."""
    body = canonical(text).split("\n")[:-1]
    return [f"content: {reference(text)}", *(f"| {line}" if line else "|" for line in body)]


@dataclass
class Block:
    """A block being read: where it starts, the hash it declares, and its lines so far."""

    line: int
    ref: str
    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def content_line(raw: str) -> str:
    """A block line's content: the '|' and one space after it removed, the rest kept exactly."""
    rest = raw[1:]
    return rest[1:] if rest.startswith(" ") else rest
